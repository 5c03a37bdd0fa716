//! Security headers on every response, the app's pages and the API alike.
//!
//! The Content-Security-Policy allows scripts from our own origin only: the Vite build has no inline script, so an
//! injected `<script>` or `onclick=` never runs. Inline styles stay allowed (React and the sandbox checkout page set
//! them; a style cannot run code). `frame-ancestors 'none'` stops click-jacking of the bet slip and the withdrawal
//! form. HSTS is sent only when the request reached us over https, which behind a TLS proxy we learn from a
//! trusted proxy's `X-Forwarded-Proto` / `Forwarded: proto=` (`crate::client_ip`): sending it over plain http would
//! be ignored by browsers anyway and would break a local `http://127.0.0.1` run.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::web;

use crate::state::AppState;

pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; \
form-action 'self'; frame-ancestors 'none'";

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
    let mut set = |name: &'static str, value: &'static str| {
        let name = HeaderName::from_static(name);
        if !headers.contains_key(&name) {
            headers.insert(name, HeaderValue::from_static(value));
        }
    };
    set("content-security-policy", CONTENT_SECURITY_POLICY);
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
