//! A stand-in for Paystack's API on loopback: the documented endpoints and envelope (`{status, message, data}`),
//! with switches for the failures a real gateway has (HTTP 500, a slow answer, a refusal).

use std::collections::HashMap;
use std::net::TcpListener;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use actix_web::{web, App, HttpRequest, HttpResponse, HttpServer};
use serde_json::{json, Value};

pub const SECRET: &str = "sk_test_stand_in_secret";

/// The holder of an account number the test did not name.
pub const DEFAULT_ACCOUNT_NAME: &str = "ADAEZE NKECHI OBI";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    #[default]
    Normal,
    /// HTTP 500 with a non-JSON body.
    ServerError,
    /// Answers after 3 s.
    Slow,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TransferMode {
    #[default]
    Success,
    Pending,
    /// 400 `{status:false, message:"Insufficient balance"}`: nothing sent.
    Refused,
    /// HTTP 500 and nothing sent.
    ServerError,
    /// The transfer goes out, but the answer is an HTTP 500: the ambiguous case.
    ServerErrorAfterSending,
}

#[derive(Default)]
pub struct Books {
    /// Every request: `METHOD /path?query`, the Authorization header, the JSON body.
    pub requests: Vec<(String, String, Value)>,
    pub initialized: HashMap<String, i64>,
    /// What verification reports as paid: reference → (amount, currency).
    pub paid: HashMap<String, (i64, String)>,
    /// Transfers on record: reference → (status, amount).
    pub transfers: HashMap<String, (String, i64)>,
    pub initialize_mode: Mode,
    pub resolve_mode: Mode,
    /// Who holds each account, as the bank network would answer `GET /bank/resolve` (account number → name);
    /// any other number resolves to `DEFAULT_ACCOUNT_NAME`.
    pub account_names: HashMap<String, String>,
    pub transfer_mode: TransferMode,
}

#[derive(Clone)]
pub struct StandIn {
    pub url: String,
    pub books: Arc<Mutex<Books>>,
}

impl StandIn {
    pub async fn start() -> StandIn {
        let books = Arc::new(Mutex::new(Books::default()));
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let data = web::Data::new(books.clone());
        let server = HttpServer::new(move || {
            App::new()
                .app_data(data.clone())
                .route("/transaction/initialize", web::post().to(initialize))
                .route("/transaction/verify/{reference}", web::get().to(verify))
                .route("/bank/resolve", web::get().to(resolve))
                .route("/transferrecipient", web::post().to(recipient))
                .route("/transfer", web::post().to(transfer))
                .route("/transfer/verify/{reference}", web::get().to(verify_transfer))
        })
        .workers(1)
        .listen(listener)
        .unwrap()
        .run();
        actix_web::rt::spawn(server);
        StandIn { url, books }
    }

    pub fn books(&self) -> std::sync::MutexGuard<'_, Books> {
        self.books.lock().unwrap()
    }

    /// The requests made to `path` (a prefix of `METHOD /path`), oldest first.
    pub fn requests_to(&self, prefix: &str) -> Vec<(String, String, Value)> {
        self.books().requests.iter().filter(|r| r.0.starts_with(prefix)).cloned().collect()
    }
}

type Shared = web::Data<Arc<Mutex<Books>>>;

/// Records the request; `Some` is the 401 a wrong key gets.
fn record(req: &HttpRequest, books: &Shared, body: Value) -> Option<HttpResponse> {
    let auth = req.headers().get("authorization").and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
    let line = match req.query_string() {
        "" => format!("{} {}", req.method(), req.path()),
        q => format!("{} {}?{q}", req.method(), req.path()),
    };
    books.lock().unwrap().requests.push((line, auth.clone(), body));
    if auth != format!("Bearer {SECRET}") {
        return Some(HttpResponse::Unauthorized().json(json!({"status": false, "message": "Invalid key"})));
    }
    None
}

fn server_error() -> HttpResponse {
    HttpResponse::InternalServerError().content_type("text/html").body("<html><body>502 Bad Gateway</body></html>")
}

async fn slow_down(mode: Mode) {
    if mode == Mode::Slow {
        actix_web::rt::time::sleep(Duration::from_secs(3)).await;
    }
}

async fn initialize(req: HttpRequest, books: Shared, body: web::Json<Value>) -> HttpResponse {
    if let Some(denied) = record(&req, &books, body.0.clone()) {
        return denied;
    }
    let mode = books.lock().unwrap().initialize_mode;
    slow_down(mode).await;
    if mode == Mode::ServerError {
        return server_error();
    }
    let reference = body["reference"].as_str().unwrap_or_default().to_string();
    let amount = body["amount"].as_i64().unwrap_or_default();
    books.lock().unwrap().initialized.insert(reference.clone(), amount);
    HttpResponse::Ok().json(json!({
        "status": true,
        "message": "Authorization URL created",
        "data": {
            "authorization_url": format!("https://checkout.paystack.com/ac_{reference}"),
            "access_code": format!("ac_{reference}"),
            "reference": reference,
        }
    }))
}

async fn verify(req: HttpRequest, books: Shared, reference: web::Path<String>) -> HttpResponse {
    if let Some(denied) = record(&req, &books, Value::Null) {
        return denied;
    }
    let books = books.lock().unwrap();
    let (status, amount, currency) =
        match (books.paid.get(reference.as_str()), books.initialized.get(reference.as_str())) {
            (Some((amount, currency)), _) => ("success", *amount, currency.clone()),
            (None, Some(amount)) => ("abandoned", *amount, "NGN".to_string()),
            (None, None) => {
                return HttpResponse::BadRequest()
                    .json(json!({"status": false, "message": "Transaction reference not found"}))
            }
        };
    HttpResponse::Ok().json(json!({
        "status": true,
        "message": "Verification successful",
        "data": {
            "id": 4099260516_i64,
            "domain": "test",
            "status": status,
            "reference": reference.as_str(),
            "amount": amount,
            "gateway_response": if status == "success" { "Successful" } else { "The transaction was not completed" },
            "paid_at": "2026-11-22T12:00:00.000Z",
            "created_at": "2026-11-22T11:59:00.000Z",
            "channel": "card",
            "currency": currency,
        }
    }))
}

async fn resolve(req: HttpRequest, books: Shared, query: web::Query<HashMap<String, String>>) -> HttpResponse {
    if let Some(denied) = record(&req, &books, Value::Null) {
        return denied;
    }
    let mode = books.lock().unwrap().resolve_mode;
    slow_down(mode).await;
    if mode == Mode::ServerError {
        return server_error();
    }
    let number = query.get("account_number").cloned().unwrap_or_default();
    if number.ends_with("9999") {
        return HttpResponse::UnprocessableEntity().json(
            json!({"status": false, "message": "Could not resolve account name. Check parameters or try again."}),
        );
    }
    let name = books.lock().unwrap().account_names.get(&number).cloned();
    HttpResponse::Ok().json(json!({
        "status": true,
        "message": "Account number resolved",
        "data": { "account_number": number, "account_name": name.as_deref().unwrap_or(DEFAULT_ACCOUNT_NAME), "bank_id": 9 }
    }))
}

async fn recipient(req: HttpRequest, books: Shared, body: web::Json<Value>) -> HttpResponse {
    if let Some(denied) = record(&req, &books, body.0.clone()) {
        return denied;
    }
    HttpResponse::Created().json(json!({
        "status": true,
        "message": "Transfer recipient created successfully",
        "data": {
            "active": true,
            "currency": "NGN",
            "name": body["name"],
            "recipient_code": format!("RCP_{}", body["account_number"].as_str().unwrap_or_default()),
            "type": "nuban",
            "details": { "account_number": body["account_number"], "bank_code": body["bank_code"] }
        }
    }))
}

async fn transfer(req: HttpRequest, books: Shared, body: web::Json<Value>) -> HttpResponse {
    if let Some(denied) = record(&req, &books, body.0.clone()) {
        return denied;
    }
    let reference = body["reference"].as_str().unwrap_or_default().to_string();
    let amount = body["amount"].as_i64().unwrap_or_default();
    let mut books = books.lock().unwrap();
    let status = match books.transfer_mode {
        TransferMode::Success => "success",
        TransferMode::Pending => "pending",
        TransferMode::Refused => {
            return HttpResponse::BadRequest()
                .json(json!({"status": false, "message": "Your balance is not enough to fulfil this request"}))
        }
        TransferMode::ServerError => return server_error(),
        TransferMode::ServerErrorAfterSending => {
            books.transfers.insert(reference, ("success".into(), amount));
            return server_error();
        }
    };
    if books.transfers.contains_key(&reference) {
        return HttpResponse::BadRequest().json(json!({"status": false, "message": "Duplicate Transfer Reference"}));
    }
    books.transfers.insert(reference.clone(), (status.into(), amount));
    HttpResponse::Ok().json(json!({
        "status": true,
        "message": "Transfer has been queued",
        "data": { "reference": reference, "amount": amount, "currency": "NGN", "status": status,
                  "transfer_code": "TRF_standin", "recipient": body["recipient"] }
    }))
}

async fn verify_transfer(req: HttpRequest, books: Shared, reference: web::Path<String>) -> HttpResponse {
    if let Some(denied) = record(&req, &books, Value::Null) {
        return denied;
    }
    let books = books.lock().unwrap();
    match books.transfers.get(reference.as_str()) {
        Some((status, amount)) => HttpResponse::Ok().json(json!({
            "status": true,
            "message": "Transfer retrieved",
            "data": { "reference": reference.as_str(), "amount": amount, "currency": "NGN", "status": status }
        })),
        None => HttpResponse::NotFound().json(json!({"status": false, "message": "Transfer not found"})),
    }
}
