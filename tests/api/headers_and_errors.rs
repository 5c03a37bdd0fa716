//! What every response carries (security headers), and bad paths and queries answered in the JSON error envelope.

use crate::helpers::{spawn_app, spawn_app_with};

#[actix_web::test]
async fn security_headers_are_on_the_app_and_the_api() {
    let app = spawn_app().await;
    for path in ["/", "/boss", "/api/v1/health", "/api/v1/nowhere"] {
        let resp = app.client.get(format!("{}{path}", app.url)).send().await.unwrap();
        let h = resp.headers();
        let csp = h.get("content-security-policy").and_then(|v| v.to_str().ok()).unwrap_or_default();
        assert!(csp.contains("script-src 'self'") && !csp.contains("unsafe-eval"), "{path}: {csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert_eq!(h.get("x-content-type-options").unwrap(), "nosniff", "{path}");
        assert!(h.get("referrer-policy").is_some(), "{path}");
        assert!(h.get("strict-transport-security").is_none(), "{path}: plain http gets no HSTS");
    }
}

#[actix_web::test]
async fn hsts_is_sent_when_a_trusted_proxy_says_the_request_came_over_https() {
    let app = spawn_app_with(Default::default(), |s| s.trusted_proxies = "127.0.0.1".into()).await;
    let url = format!("{}/api/v1/health", app.url);
    let https = app.client.get(&url).header("X-Forwarded-Proto", "https").send().await.unwrap();
    assert!(https.headers().get("strict-transport-security").is_some());
    let untrusted = spawn_app().await;
    let forged = untrusted
        .client
        .get(format!("{}/api/v1/health", untrusted.url))
        .header("X-Forwarded-Proto", "https")
        .send()
        .await
        .unwrap();
    assert!(forged.headers().get("strict-transport-security").is_none(), "only a trusted proxy is believed");
}

#[actix_web::test]
async fn bad_path_and_query_values_answer_json_naming_the_parameter() {
    let app = spawn_app().await;
    let bad_path = app.get("/draws/xyz", None).await;
    assert_eq!(bad_path.status, 404);
    assert!(bad_path.body.is_object(), "JSON, not actix's plain text: {:?}", bad_path.body);
    assert!(!bad_path.field_errors("id").is_empty(), "{:?}", bad_path.body);

    let bad_query = app.get("/draws?page=abc", None).await;
    assert_eq!(bad_query.status, 422, "{:?}", bad_query.body);
    assert!(!bad_query.field_errors("page").is_empty(), "{:?}", bad_query.body);

    let token = app.verified_player("ada@example.com", "+2348012345678").await;
    let ticket = app.get("/tickets/not-a-ticket", Some(&token)).await;
    assert_eq!(ticket.status, 404);
    assert!(ticket.body.is_object(), "{:?}", ticket.body);
}
