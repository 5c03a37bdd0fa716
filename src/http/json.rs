//! `JsonBody<T>`: a JSON extractor whose errors name the field (422 `errors.<field>`) instead of serde's prose.

use std::future::Future;
use std::pin::Pin;

use actix_web::{dev::Payload, web::Bytes, FromRequest, HttpRequest};
use serde::de::DeserializeOwned;

use crate::error::ApiError;

pub struct JsonBody<T>(pub T);

const MAX_BODY: usize = 64 * 1024;

impl<T: DeserializeOwned + 'static> FromRequest for JsonBody<T> {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let bytes = Bytes::from_request(req, payload);
        Box::pin(async move {
            let body = bytes.await.map_err(|_| ApiError::BadRequest("The request body could not be read".into()))?;
            if body.len() > MAX_BODY {
                return Err(ApiError::BadRequest("The request body is too large".into()));
            }
            let raw: &[u8] = if body.is_empty() { b"{}" } else { &body };
            let de = &mut serde_json::Deserializer::from_slice(raw);
            serde_path_to_error::deserialize(de).map(JsonBody).map_err(|e| {
                // `numbers[3]` → `numbers`: the form field, not the array slot.
                let field = e.path().to_string().split('[').next().unwrap_or_default().to_string();
                let malformed = matches!(
                    e.inner().classify(),
                    serde_json::error::Category::Syntax | serde_json::error::Category::Eof
                );
                if malformed || field == "." || field.is_empty() {
                    ApiError::BadRequest("The request body must be a JSON object".into())
                } else {
                    ApiError::field(&field, format!("{field} has the wrong type"))
                }
            })
        })
    }
}
