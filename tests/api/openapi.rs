use serde_json::{json, Value};

use crate::helpers::{spawn_app, TestApp};

#[actix_web::test]
async fn every_operation_in_openapi_json_exists_on_the_server() {
    let app = spawn_app().await;
    let doc = app.get("/openapi.json", None).await.body;
    assert_eq!(doc["openapi"], "3.1.0");
    let paths = doc["paths"].as_object().expect("paths");
    assert!(paths.len() >= 70, "every resource is described, found {}", paths.len());
    for (path, item) in paths {
        for method in item.as_object().expect("operations").keys() {
            let url = format!("{}/api/v1{}", app.url, path.replace("{id}", "1"));
            let resp = app.client.request(method.to_uppercase().parse().unwrap(), &url).send().await.unwrap();
            let status = resp.status().as_u16();
            let body = resp.text().await.unwrap_or_default();
            // A 404 about a missing record (draw 1 does not exist) is fine; a 404 from no route at all is not.
            let no_route = status == 404 && body.contains("Endpoint not found");
            assert!(!no_route && status != 405 && status < 500, "{method} {path} answered {status}: {body}");
        }
    }
}

/// The document is generated from the handlers' body types: a length or a bound it states is one the server
/// enforces. Each body field with a documented limit is sent just past it, as a player and as an admin, and the
/// server must refuse that field by name.
#[actix_web::test]
async fn every_documented_body_limit_is_enforced_by_the_server() {
    let app = spawn_app().await;
    let doc = app.get("/openapi.json", None).await.body;
    let player = app.verified_player("limits@example.com", "08031110000").await;
    let admin = app.admin("limits-admin@example.com").await;
    let mut checked = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, operation) in item.as_object().expect("operations") {
            let Some(schema) = body_schema(&doc, operation) else { continue };
            let token = if path.starts_with("/admin/") { &admin } else { &player };
            for (field, limits) in schema["properties"].as_object().into_iter().flatten() {
                let Some(past) = just_past(limits) else { continue };
                let reply = send(&app, method, path, json!({ field.as_str(): past }), token).await;
                if matches!(reply.status, 401 | 403 | 429) || path.contains("/webhook") {
                    continue; // not this caller's (or refused before reading), so the limit is not reached here
                }
                assert_eq!(reply.status, 422, "{method} {path} took {field} = {past}: {:?}", reply.body);
                if reply.field_errors(field).is_empty() {
                    // Checked in stages: a field we left out was refused first. That must be all it refused.
                    let named = reply.body["errors"].as_object().map(|e| e.keys().cloned().collect::<Vec<_>>());
                    assert!(
                        named.is_some_and(|n| !n.is_empty()),
                        "{method} {path}: {field} = {past}: {:?}",
                        reply.body
                    );
                    continue;
                }
                checked.push(format!("{method} {path} {field}"));
            }
        }
    }
    assert!(checked.len() >= 20, "limits checked: {} {checked:?}", checked.len());
}

fn body_schema<'a>(doc: &'a Value, operation: &'a Value) -> Option<&'a Value> {
    let schema = &operation["requestBody"]["content"]["application/json"]["schema"];
    let name = schema["$ref"].as_str()?.rsplit('/').next()?;
    Some(&doc["components"]["schemas"][name])
}

/// A value just outside what the field's schema allows, when it states a limit.
fn just_past(limits: &Value) -> Option<Value> {
    if let Some(max) = limits["maxLength"].as_u64() {
        return Some(Value::from("x".repeat(max as usize + 1)));
    }
    if let Some(max) = limits["maximum"].as_i64() {
        return Some(Value::from(max + 1));
    }
    if let Some(min) = limits["minimum"].as_i64() {
        return Some(Value::from(min - 1));
    }
    None
}

async fn send(app: &TestApp, method: &str, path: &str, body: Value, token: &str) -> crate::helpers::Reply {
    let path = path.replace("{id}", "1");
    match method {
        "put" => app.put(&path, body, Some(token)).await,
        _ => app.post(&path, body, Some(token)).await,
    }
}

#[actix_web::test]
async fn health_answers_ok_with_the_version() {
    let app = spawn_app().await;
    let reply = app.get("/health", None).await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.body["data"]["status"], "ok");
    assert_eq!(reply.body["data"]["version"], env!("CARGO_PKG_VERSION"));
}

#[actix_web::test]
async fn an_unknown_api_path_is_a_json_404_and_other_paths_serve_the_app() {
    let app = spawn_app().await;
    let reply = app.get("/no-such-thing", None).await;
    assert_eq!(reply.status, 404);
    assert!(reply.message().contains("not found"));
    let page = app.client.get(format!("{}/some/client/route", app.url)).send().await.unwrap();
    assert_eq!(page.status().as_u16(), 200);
    assert!(page.text().await.unwrap().contains("<title>"));
}
