//! The site's origin as players' browsers see it: where the gateway sends a player back after paying.
//!
//! With a real gateway (production, docs/decisions/016) it is `AYO_PUBLIC_URL` and nothing else: built from the
//! request, the checkout's return link would follow whatever `Host`, `X-Forwarded-Host` or `Forwarded: host=` the
//! client sent, and a player could be handed a checkout that returns to `evil.example` (docs/security.md, "Public
//! URL"). The sandbox (`--demo`, `AYO_PAYMENTS=sandbox`) may run without it, on the request's own origin: its `Host`,
//! or what a trusted proxy says (`crate::client_ip`), never a forwarded header from anyone else.

use actix_web::http::header;
use actix_web::HttpRequest;

use crate::client_ip::TrustedProxies;

/// `AYO_PUBLIC_URL`, checked: an absolute `http(s)://host[:port]` origin, without a path, query or credentials.
pub fn public_origin(raw: &str) -> Result<String, String> {
    let refuse = |why: &str| format!("AYO_PUBLIC_URL: '{raw}' {why} (e.g. https://ayolotto.ng)");
    let url = reqwest::Url::parse(raw.trim()).map_err(|_| refuse("is not a URL"))?;
    if !matches!(url.scheme(), "https" | "http") {
        return Err(refuse("must start with https://"));
    }
    if url.host_str().is_none_or(str::is_empty) {
        return Err(refuse("has no host"));
    }
    if !url.username().is_empty() || url.password().is_some() || url.query().is_some() || url.fragment().is_some() {
        return Err(refuse("must be an origin only"));
    }
    if url.path() != "/" {
        return Err(refuse("must be an origin only, without a path"));
    }
    if url.scheme() == "http" && !is_loopback(&url) {
        tracing::warn!(public_url = %url, "AYO_PUBLIC_URL is plain http: players' payment returns are not encrypted");
    }
    Ok(url.origin().ascii_serialization())
}

fn is_loopback(url: &reqwest::Url) -> bool {
    let host = url.host_str().unwrap_or_default().trim_matches(['[', ']']);
    host == "localhost" || host.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

/// The origin of this request, for the sandbox only: the scheme and host a trusted proxy forwarded, else the
/// request's own `Host` over plain http (the server never terminates TLS itself).
pub fn request_origin(req: &HttpRequest, proxies: &TrustedProxies) -> String {
    let peer = req.peer_addr().map(|a| a.ip());
    let scheme = if proxies.forwarded_https(peer, req.headers()) { "https" } else { "http" };
    let host = proxies
        .forwarded_host(peer, req.headers())
        .or_else(|| req.headers().get(header::HOST).and_then(|h| h.to_str().ok()).map(str::to_string))
        .filter(|h| is_host(h))
        .unwrap_or_else(|| "localhost".to_string());
    format!("{scheme}://{host}")
}

/// A bare `host[:port]`: nothing that could carry a path, credentials or a second URL.
fn is_host(value: &str) -> bool {
    !value.is_empty()
        && value.len() <= 255
        && value.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b':' | b'[' | b']'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    #[test]
    fn a_public_url_is_an_origin() {
        assert_eq!(public_origin("https://ayolotto.ng/").as_deref(), Ok("https://ayolotto.ng"));
        assert_eq!(public_origin(" https://ayolotto.ng:8443 ").as_deref(), Ok("https://ayolotto.ng:8443"));
        for bad in
            ["ayolotto.ng", "ftp://ayolotto.ng", "https://ayolotto.ng/pay", "https://u:p@ayolotto.ng", "https://"]
        {
            let err = public_origin(bad).err().unwrap_or_default();
            assert!(err.contains("AYO_PUBLIC_URL"), "{bad}: {err}");
        }
    }

    /// The attack: a client names its own host in every header actix would have believed.
    #[test]
    fn a_clients_forwarded_host_is_not_believed() {
        let proxies = TrustedProxies::parse("10.0.0.1").unwrap_or_default();
        let req = TestRequest::default()
            .peer_addr("9.9.9.9:5000".parse().unwrap_or_else(|_| unreachable!()))
            .insert_header(("host", "ayolotto.ng"))
            .insert_header(("x-forwarded-host", "evil.example"))
            .insert_header(("forwarded", "host=evil.example;proto=https"))
            .insert_header(("x-forwarded-proto", "https"))
            .to_http_request();
        assert_eq!(request_origin(&req, &proxies), "http://ayolotto.ng");
    }

    #[test]
    fn behind_a_trusted_proxy_its_host_and_scheme_are_used() {
        let proxies = TrustedProxies::parse("10.0.0.1").unwrap_or_default();
        let req = TestRequest::default()
            .peer_addr("10.0.0.1:5000".parse().unwrap_or_else(|_| unreachable!()))
            .insert_header(("host", "127.0.0.1:8080"))
            .insert_header(("x-forwarded-host", "ayolotto.ng"))
            .insert_header(("x-forwarded-proto", "https"))
            .to_http_request();
        assert_eq!(request_origin(&req, &proxies), "https://ayolotto.ng");
    }

    #[test]
    fn a_host_carrying_a_path_is_not_used() {
        let req = TestRequest::default().insert_header(("host", "evil.example/x?")).to_http_request();
        assert_eq!(request_origin(&req, &TrustedProxies::default()), "http://localhost");
    }
}
