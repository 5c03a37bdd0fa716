use crate::helpers::spawn_app;

#[actix_web::test]
async fn every_operation_in_openapi_json_exists_on_the_server() {
    let app = spawn_app().await;
    let doc = app.get("/openapi.json", None).await.body;
    assert_eq!(doc["openapi"], "3.1.0");
    let paths = doc["paths"].as_object().expect("paths");
    assert!(paths.len() >= 12, "the accounts API is described");
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
