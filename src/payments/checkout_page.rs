//! The sandbox gateway's checkout page: plain server-rendered HTML that works on a 360 px phone without
//! JavaScript. Three real buttons in three forms (Pay, Cancel, Fail), labelled headings, visible focus, AA contrast.

use ayo_data::money::Kobo;
use ayo_data::seam::SandboxCharge;

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            other => out.push(other),
        }
    }
    out
}

const STYLE: &str = "
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f3f6f4;color:#1a2b22}
main{max-width:28rem;margin:0 auto;padding:1.25rem}
.card{background:#fff;border-radius:12px;padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
.badge{display:inline-block;background:#fff4d6;color:#5c4300;border:1px solid #e0b640;border-radius:999px;padding:.1rem .6rem;font-size:.85rem;font-weight:600}
h1{font-size:1.25rem;margin:.75rem 0 .25rem}
.amount{font-size:2rem;font-weight:700;color:#0b5d2e;margin:.25rem 0 1rem}
dl{margin:0 0 1.25rem;display:grid;grid-template-columns:auto 1fr;gap:.25rem .75rem;font-size:.95rem}
dt{color:#4a5a51}dd{margin:0;word-break:break-all}
form{margin:0 0 .75rem}
button{width:100%;min-height:48px;font:inherit;font-weight:600;border-radius:8px;cursor:pointer;padding:.75rem 1rem}
.pay{background:#0b5d2e;color:#fff;border:2px solid #0b5d2e}
.cancel{background:#fff;color:#1a2b22;border:2px solid #4a5a51}
.fail{background:#fff;color:#8a1c1c;border:2px solid #8a1c1c}
button:focus-visible,a:focus-visible{outline:3px solid #e0b640;outline-offset:3px}
p.note{font-size:.875rem;color:#4a5a51}
a{color:#0b5d2e}
";

fn page(title: &str, body: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"robots\" content=\"noindex\">\n<title>{}</title>\n<style>{STYLE}</style>\n</head>\n\
         <body>\n<main>\n<div class=\"card\">\n<span class=\"badge\">Sandbox: no real money</span>\n{body}\n</div>\n\
         </main>\n</body>\n</html>\n",
        escape(title)
    )
}

/// The page where the player pays (or does not).
pub fn checkout(charge: &SandboxCharge, action: &str) -> String {
    let amount = Kobo(charge.amount).to_string();
    let form = |value: &str, class: &str, label: &str| {
        format!(
            "<form method=\"post\" action=\"{}\">\n<input type=\"hidden\" name=\"action\" value=\"{value}\">\n\
             <button type=\"submit\" class=\"{class}\">{label}</button>\n</form>",
            escape(action)
        )
    };
    let body = format!(
        "<h1>Pay Ayo Lotto</h1>\n<p class=\"amount\" aria-label=\"Amount to pay\">{amount}</p>\n\
         <dl>\n<dt>Email</dt><dd>{email}</dd>\n<dt>Reference</dt><dd>{reference}</dd>\n</dl>\n{pay}\n{cancel}\n{fail}\n\
         <p class=\"note\">This is the built-in test gateway. <strong>Pay</strong> confirms the payment and notifies \
         Ayo Lotto the way Paystack does; <strong>Cancel</strong> and <strong>Simulate a failed payment</strong> \
         end it without paying.</p>",
        email = escape(&charge.email),
        reference = escape(&charge.reference),
        pay = form("pay", "pay", &format!("Pay {amount}")),
        cancel = form("cancel", "cancel", "Cancel"),
        fail = form("fail", "fail", "Simulate a failed payment"),
    );
    page(&format!("Pay {amount} | Ayo Lotto sandbox checkout"), &body)
}

/// A checkout that is already finished: where to go next.
pub fn finished(charge: &SandboxCharge, return_url: &str) -> String {
    let what = match charge.status.as_str() {
        "success" => "This payment is complete.",
        _ => "This payment was not completed.",
    };
    let body = format!(
        "<h1>{what}</h1>\n<p>Reference {}.</p>\n<p><a href=\"{}\">Back to Ayo Lotto</a></p>",
        escape(&charge.reference),
        escape(return_url)
    );
    page("Payment finished | Ayo Lotto sandbox checkout", &body)
}

/// An unusable link.
pub fn problem(title: &str, detail: &str) -> String {
    page(
        &format!("{title} | Ayo Lotto sandbox checkout"),
        &format!("<h1>{}</h1>\n<p>{}</p>", escape(title), escape(detail)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("<a href=\"x\">&'"), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
    }
}
