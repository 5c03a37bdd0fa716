//! The OpenAPI description of `/api/v1`, generated from the handlers: each handler's `#[utoipa::path]` (summary,
//! security, answers) sits on the handler, its route comes from the same actix attribute that registers it, its body
//! and query from the Rust types the handler deserialises. The server and `document` walk the same tree (`api`), so
//! an operation cannot be served without being described, or described without being served. This module sits on
//! top of the routes: it takes their tree (`crate::http::routes`) and adds `GET /openapi.json`; no route imports it.
//!
//! What every operation of a kind shares is added here once, by rule. Everything under `/admin` is the back office's
//! (tag `admin`) and needs an admin's token (`AdminUser`, checked on the server). A signed-in operation can answer
//! 401, one under `/admin` 403, one with a body 400, one with input 422, one with a path id 404 (the sandbox's HTML
//! checkout page describes its own).

use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::{get, web, HttpResponse};
use utoipa::openapi::path::{Operation, PathItem};
use utoipa::openapi::response::ResponseBuilder;
use utoipa::openapi::schema::Schema;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityRequirement, SecurityScheme};
use utoipa::openapi::{Components, ContentBuilder, InfoBuilder, OpenApi, OpenApiBuilder, RefOr, ServerBuilder};
use utoipa::{PartialSchema, ToSchema};
use utoipa_actix_web::OpenApiFactory;

use crate::http::schema::{Envelope, ErrorBody, BASE};

/// Serves the whole API under `/api/v1`, this document included.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(api());
}

/// Every route of `crate::http::routes`, and `GET /openapi.json`.
pub fn api() -> utoipa_actix_web::scope::Scope<
    impl ServiceFactory<ServiceRequest, Config = (), Response = ServiceResponse, Error = actix_web::Error, InitError = ()>,
> {
    crate::http::routes().service(openapi)
}

#[utoipa::path(
    summary = "This document",
    tag = "public",
    responses((status = 200, description = "OpenAPI 3.1", content_type = "application/json"))
)]
#[get("/openapi.json")]
async fn openapi() -> HttpResponse {
    HttpResponse::Ok().content_type("application/json").body(json())
}

/// The whole document, as served at `GET /api/v1/openapi.json`.
pub fn document() -> OpenApi {
    let scope = api();
    let mut paths = scope.paths();
    let mut schemas = Vec::new();
    scope.schemas(&mut schemas);
    paths.paths = std::mem::take(&mut paths.paths)
        .into_iter()
        .map(|(path, item)| (path.strip_prefix(BASE).unwrap_or(&path).to_string(), item))
        .collect();
    paths.merge(crate::http::realtime::described());
    for (path, item) in paths.paths.iter_mut() {
        for (method, operation) in operations(item) {
            operation.operation_id = Some(operation_id(method, path));
            add_shared_answers(path, operation);
        }
    }
    let mut components = Components::new();
    components.schemas.extend(schemas.into_iter().map(|(name, schema)| (name, without_defaults(schema))));
    components.schemas.insert(Envelope::name().into(), Envelope::schema());
    components.schemas.insert(ErrorBody::name().into(), ErrorBody::schema());
    components.security_schemes.insert(
        "bearer".into(),
        SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("JWT").build()).into(),
    );
    let info = InfoBuilder::new()
        .title("Ayo Lotto API")
        .version(env!("CARGO_PKG_VERSION"))
        .description(Some("Base path /api/v1. Amounts are integer kobo; times RFC 3339 UTC."));
    OpenApiBuilder::new()
        .info(info)
        .servers(Some([ServerBuilder::new().url(BASE).build()]))
        .paths(paths)
        .components(Some(components))
        .build()
}

/// The document as JSON text, built once.
pub fn json() -> &'static str {
    static JSON: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    JSON.get_or_init(|| serde_json::to_string(&document()).unwrap_or_default())
}

/// Each operation's id from its method and path (`post_tickets_create`): handlers' names repeat across modules.
fn operation_id(method: &str, path: &str) -> String {
    let words: Vec<&str> = path.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()).collect();
    format!("{method}_{}", words.join("_"))
}

/// The operations a path serves, with their methods (the API uses these four).
fn operations(item: &mut PathItem) -> impl Iterator<Item = (&'static str, &mut Operation)> {
    let methods =
        [("get", &mut item.get), ("post", &mut item.post), ("put", &mut item.put), ("delete", &mut item.delete)];
    methods.into_iter().filter_map(|(method, operation)| Some((method, operation.as_mut()?)))
}

/// A body's fields default when absent (`#[serde(default)]`), and utoipa writes each default into the schema; but a
/// required field's default (`""`) only misleads: absent, it is refused with a 422 naming it.
fn without_defaults(schema: RefOr<Schema>) -> RefOr<Schema> {
    let RefOr::T(Schema::Object(mut object)) = schema else { return schema };
    for property in object.properties.values_mut() {
        match property {
            RefOr::T(Schema::Object(field)) => field.default = None,
            RefOr::T(Schema::Array(field)) => field.default = None,
            _ => {}
        }
    }
    RefOr::T(Schema::Object(object))
}

fn add_shared_answers(path: &str, operation: &mut Operation) {
    if path.starts_with("/admin/") {
        operation.tags = Some(vec!["admin".into()]);
        operation.security = Some(vec![SecurityRequirement::new("bearer", Vec::<String>::new())]);
    }
    if answers_html(operation) {
        return; // the sandbox's checkout page: its errors are pages too, and described on it
    }
    let signed_in = operation.security.as_ref().is_some_and(|s| !s.is_empty());
    let has_body = operation.request_body.is_some();
    let has_input = has_body || operation.parameters.as_ref().is_some_and(|p| !p.is_empty());
    let shared = [
        (signed_in, "401", "Missing or invalid token (errorCode N403)"),
        (path.starts_with("/admin/"), "403", "Wrong role"),
        (has_body, "400", "Malformed request"),
        (has_input, "422", "Invalid input; errors names each field"),
        (path.contains('{'), "404", "Not found"),
    ];
    for (applies, status, description) in shared {
        if applies {
            answer_error(operation, status, description);
        }
    }
}

fn answers_html(operation: &Operation) -> bool {
    operation.responses.responses.values().any(|r| matches!(r, RefOr::T(r) if r.content.contains_key("text/html")))
}

fn answer_error(operation: &mut Operation, status: &str, description: &str) {
    let responses = &mut operation.responses.responses;
    if !responses.contains_key(status) {
        let content = ContentBuilder::new().schema(Some(utoipa::openapi::Ref::from_schema_name("Error"))).build();
        let response = ResponseBuilder::new().description(description).content("application/json", content).build();
        responses.insert(status.into(), response.into());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_schema_name_stands_for_one_type() {
        let mut schemas = Vec::new();
        api().schemas(&mut schemas);
        let mut seen = std::collections::HashMap::new();
        for (name, schema) in schemas {
            let text = serde_json::to_string(&schema).unwrap_or_default();
            if let Some(earlier) = seen.insert(name.clone(), text.clone()) {
                assert_eq!(earlier, text, "two body types are both named {name}: one hides the other in the document");
            }
        }
        assert!(seen.contains_key("TicketBody"), "bodies are collected: {:?}", seen.keys());
    }
}
