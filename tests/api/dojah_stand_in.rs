//! A stand-in for Dojah's identity API on loopback, speaking its documented shapes (docs.dojah.io, "Lookup NIN" and
//! "Lookup Virtual NIN"): `GET /api/v1/kyc/nin?nin=…` answers `{"entity": {first_name, middle_name, last_name, …}}`,
//! `GET /api/v1/kyc/vnin?vnin=…` answers `{"entity": {firstname, middlename, surname, …}}`; an unknown number is a
//! 404 `{"error": "… not found"}`; wrong `AppId` or `Authorization` (the key itself, not `Bearer`) a 401.

use std::collections::HashMap;
use std::net::TcpListener;
use std::sync::{Arc, Mutex};

use actix_web::{web, App, HttpRequest, HttpResponse, HttpServer};
use serde_json::json;

pub const APP_ID: &str = "stand-in-app-id";
pub const SECRET: &str = "test_sk_stand_in_dojah";

#[derive(Default)]
pub struct Register {
    /// NIN or vNIN → (first, middle, last).
    pub people: HashMap<String, (String, String, String)>,
    /// Every request: path, the `AppId` header, the `Authorization` header.
    pub requests: Vec<(String, String, String)>,
    /// Answer HTTP 500 to everything.
    pub down: bool,
}

#[derive(Clone)]
pub struct DojahStandIn {
    pub url: String,
    pub register: Arc<Mutex<Register>>,
}

impl DojahStandIn {
    pub async fn start() -> DojahStandIn {
        let register = Arc::new(Mutex::new(Register::default()));
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let data = web::Data::new(register.clone());
        let server = HttpServer::new(move || {
            App::new()
                .app_data(data.clone())
                .route("/api/v1/kyc/nin", web::get().to(nin))
                .route("/api/v1/kyc/vnin", web::get().to(vnin))
        })
        .workers(1)
        .listen(listener)
        .unwrap()
        .run();
        actix_web::rt::spawn(server);
        DojahStandIn { url, register }
    }

    pub fn add(&self, number: &str, first: &str, middle: &str, last: &str) {
        self.register.lock().unwrap().people.insert(number.into(), (first.into(), middle.into(), last.into()));
    }
}

type Shared = web::Data<Arc<Mutex<Register>>>;

/// Records the request; answers the refusal a real Dojah gives, if any.
fn gate(req: &HttpRequest, register: &Shared) -> Option<HttpResponse> {
    let header = |name: &str| req.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
    let mut books = register.lock().unwrap();
    books.requests.push((req.path().to_string(), header("AppId"), header("Authorization")));
    if books.down {
        return Some(HttpResponse::InternalServerError().body("upstream timeout"));
    }
    if header("AppId") != APP_ID || header("Authorization") != SECRET {
        return Some(HttpResponse::Unauthorized().json(json!({ "error": "Unauthorized request" })));
    }
    None
}

async fn nin(req: HttpRequest, register: Shared, query: web::Query<HashMap<String, String>>) -> HttpResponse {
    if let Some(refused) = gate(&req, &register) {
        return refused;
    }
    let number = query.get("nin").cloned().unwrap_or_default();
    match register.lock().unwrap().people.get(&number) {
        Some((first, middle, last)) => HttpResponse::Ok().json(json!({ "entity": {
            "first_name": first, "last_name": last, "middle_name": middle, "gender": "F",
            "image": "/9j/4AAQSkZJRgABAgAAAQABAAD", "phone_number": "08012345678",
            "date_of_birth": "1990-05-17", "nin": number,
        }})),
        None => HttpResponse::NotFound().json(json!({ "error": "NIN not found" })),
    }
}

async fn vnin(req: HttpRequest, register: Shared, query: web::Query<HashMap<String, String>>) -> HttpResponse {
    if let Some(refused) = gate(&req, &register) {
        return refused;
    }
    let number = query.get("vnin").cloned().unwrap_or_default();
    match register.lock().unwrap().people.get(&number) {
        Some((first, middle, last)) => HttpResponse::Ok().json(json!({ "entity": {
            "vnin": number, "firstname": first, "middlename": middle, "surname": last, "user_id": "WXABCD-1234",
            "gender": "F", "mobile": "08012345678", "dateOfBirth": "1990-05-17", "photo": "/9j/4AAQSkZJRg",
        }})),
        None => HttpResponse::NotFound().json(json!({ "error": "vnin not found" })),
    }
}
