//! What the route modules say of their answers in the OpenAPI document (`crate::http::api_doc` assembles it): the
//! envelope every JSON answer comes in, the error body, and the lotto shapes several bodies share.

use ayo_data::lotto::{BetType, MAX_NUMBER};
use utoipa::openapi::schema::{AdditionalProperties, Array, Object, ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};

/// What a route module's `configure` receives: actix's config, collecting each service's description as it goes.
pub type ServiceConfig<'a> = utoipa_actix_web::service_config::ServiceConfig<'a>;

/// The prefix every API path is served under; the document lists paths relative to it (its `servers` entry).
pub const BASE: &str = "/api/v1";

/// Every JSON answer: `data`, often `message`, and `meta` on a paged table (docs/product.md §15).
pub struct Envelope;

impl PartialSchema for Envelope {
    fn schema() -> RefOr<Schema> {
        let meta = ObjectBuilder::new()
            .property("total", Object::with_type(Type::Integer))
            .property("page", Object::with_type(Type::Integer))
            .property("per_page", Object::with_type(Type::Integer));
        ObjectBuilder::new()
            .property("data", Object::new())
            .property("message", Object::with_type(Type::String))
            .property("meta", meta)
            .into()
    }
}

impl ToSchema for Envelope {}

/// Every error answer (`crate::error::ApiError`): a message, often an `errorCode`, and `errors` by field.
pub struct ErrorBody;

impl PartialSchema for ErrorBody {
    fn schema() -> RefOr<Schema> {
        let messages = Array::new(Object::with_type(Type::String));
        ObjectBuilder::new()
            .property("message", Object::with_type(Type::String))
            .required("message")
            .property("errorCode", Object::with_type(Type::String))
            .property(
                "errors",
                ObjectBuilder::new().additional_properties(Some(AdditionalProperties::RefOr(messages.into()))),
            )
            .into()
    }
}

impl ToSchema for ErrorBody {
    fn name() -> std::borrow::Cow<'static, str> {
        "Error".into()
    }
}

/// A bet type, as `POST /tickets/create` takes it.
pub fn bet_type() -> Object {
    ObjectBuilder::new().schema_type(Type::String).enum_values(Some(BetType::ALL.map(BetType::as_str))).build()
}

/// The bet types a game offers.
pub fn bet_types() -> Array {
    Array::new(bet_type())
}

/// Picked balls.
pub fn balls() -> Array {
    Array::new(ObjectBuilder::new().schema_type(Type::Integer).minimum(Some(1)).maximum(Some(MAX_NUMBER)))
}
