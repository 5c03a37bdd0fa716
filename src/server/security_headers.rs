//! Security headers on every response, the app's pages and the API alike.
//!
//! The Content-Security-Policy allows scripts from our own origin only, plus each inline script of the app's own
//! `index.html` by its SHA-256 (the build's route preloads, which must run before the module script loads): an
//! injected `<script>` or `onclick=` never runs, since its hash is not in the policy. Inline styles stay allowed
//! (React and the sandbox checkout page set them; a style cannot run code). `frame-ancestors 'none'` stops
//! click-jacking of the bet slip and the withdrawal form. HSTS is sent only when the request reached us over https,
//! which behind a TLS proxy we learn from a trusted proxy's `X-Forwarded-Proto` / `Forwarded: proto=`
//! (`crate::client_ip`): sending it over plain http would be ignored by browsers anyway and would break a local
//! `http://127.0.0.1` run.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::web;
use base64::prelude::{Engine as _, BASE64_STANDARD};
use sha2::{Digest, Sha256};
use std::sync::LazyLock;

use crate::http::state::AppState;

/// The policy for the app as built: its inline scripts' hashes are read once, from the embedded `index.html`.
static CONTENT_SECURITY_POLICY: LazyLock<HeaderValue> = LazyLock::new(|| {
    let hashes = crate::server::assets::index_html().map(|html| inline_script_hashes(&html)).unwrap_or_default();
    HeaderValue::from_str(&content_security_policy(&hashes)).unwrap_or_else(|_| HeaderValue::from_static(STRICTEST))
});

/// Used only if the policy could not be a header value (it is ASCII by construction).
const STRICTEST: &str = "default-src 'self'; frame-ancestors 'none'";

/// The policy, allowing the inline scripts whose base64 SHA-256 digests are given.
fn content_security_policy(script_hashes: &[String]) -> String {
    let allowed: String = script_hashes.iter().map(|hash| format!(" 'sha256-{hash}'")).collect();
    format!(
        "default-src 'self'; script-src 'self'{allowed}; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; \
         font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; \
         frame-ancestors 'none'"
    )
}

/// The base64 SHA-256 of the body of every `<script>` without a `src` in `html`, as CSP hash sources name them.
fn inline_script_hashes(html: &str) -> Vec<String> {
    let mut hashes = Vec::new();
    let mut rest = html;
    while let Some(open) = rest.find("<script") {
        let after = &rest[open + "<script".len()..];
        let Some(tag_end) = after.find('>') else { break };
        let (attributes, after_tag) = (&after[..tag_end], &after[tag_end + 1..]);
        let Some(close) = after_tag.find("</script>") else { break };
        let body = &after_tag[..close];
        if !attributes.contains("src=") && !body.is_empty() {
            hashes.push(BASE64_STANDARD.encode(Sha256::digest(body.as_bytes())));
        }
        rest = &after_tag[close + "</script>".len()..];
    }
    hashes
}

const HSTS: &str = "max-age=31536000; includeSubDomains";

pub async fn add(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    // The server never terminates TLS itself (actix's `connection_info().scheme()` believes any client's headers).
    let https = req
        .app_data::<web::Data<AppState>>()
        .is_some_and(|state| state.trusted_proxies.forwarded_https(req.peer_addr().map(|a| a.ip()), req.headers()));
    let mut res = next.call(req).await?;
    let headers = res.headers_mut();
    let mut set = |name: &'static str, value: HeaderValue| {
        let name = HeaderName::from_static(name);
        if !headers.contains_key(&name) {
            headers.insert(name, value);
        }
    };
    set("content-security-policy", CONTENT_SECURITY_POLICY.clone());
    let mut set = |name: &'static str, value: &'static str| set(name, HeaderValue::from_static(value));
    set("x-content-type-options", "nosniff");
    set("x-frame-options", "DENY");
    set("referrer-policy", "strict-origin-when-cross-origin");
    set("permissions-policy", "camera=(), microphone=(), geolocation=(), payment=()");
    set("cross-origin-opener-policy", "same-origin");
    if https {
        set("strict-transport-security", HSTS);
    }
    Ok(res)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_inline_script_is_allowed_by_its_hash_and_nothing_else() {
        let html = r#"<head><script>console.log(1)</script>
<script type="module" crossorigin src="/assets/index.js"></script><script src="/a.js"></script>
<script>alert("x")</script></head>"#;
        let hashes = inline_script_hashes(html);
        // `printf 'console.log(1)' | openssl dgst -sha256 -binary | base64`, and the same for the second.
        assert_eq!(
            hashes,
            ["CihokcEcBW4atb/CW/XWsvWwbTjqwQlE9nj9ii5ww5M=", "rP5byD8sye7e0RsJ3rjFscv+LjSSiwckp1UwZDe+ams="]
        );
        let policy = content_security_policy(&hashes);
        let scripts = policy.split("; ").find(|directive| directive.starts_with("script-src")).unwrap_or_default();
        assert_eq!(
            scripts,
            "script-src 'self' 'sha256-CihokcEcBW4atb/CW/XWsvWwbTjqwQlE9nj9ii5ww5M=' \
             'sha256-rP5byD8sye7e0RsJ3rjFscv+LjSSiwckp1UwZDe+ams='"
        );
    }

    #[test]
    fn without_inline_scripts_only_our_origin_runs_scripts() {
        assert!(content_security_policy(&inline_script_hashes("<script src=\"/x.js\"></script>"))
            .starts_with("default-src 'self'; script-src 'self'; style-src"));
    }
}
