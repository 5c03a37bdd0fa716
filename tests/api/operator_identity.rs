//! Who runs the lottery (issue 32, docs/decisions/049): set by `AYO_OPERATOR_*` at start or in the back office
//! (audited), read by anyone at `GET /operator`, and a production server without a licence number tells its staff.

use serde_json::{json, Value};

use ayo::server::operator::OperatorEnv;

use crate::helpers::{spawn_app, spawn_app_with, TestApp};

fn lagos_operator() -> Value {
    json!({
        "company": "Ayo Gaming Ltd",
        "rc_number": "RC 1234567",
        "licences": [{"state": "la", "regulator": "Lagos State Lotteries and Gaming Authority", "number": "LSLGA/OL/0042"}],
        "address": "12 Adeola Odeku Street, Victoria Island, Lagos",
        "support_phone": "0801 234 5678",
        "whatsapp": "+2348098765432",
        "support_hours": "Monday to Saturday, 8am to 8pm WAT",
        "reply_time": "within 24 hours",
    })
}

async fn audit_entries(app: &TestApp, admin: &str, action: &str) -> Vec<Value> {
    let log = app.get("/admin/activities?per_page=100", Some(admin)).await.body["data"].as_array().unwrap().clone();
    log.into_iter().filter(|e| e["action"] == action).collect()
}

#[actix_web::test]
async fn an_admin_saves_the_operator_and_any_visitor_reads_it_with_call_and_whatsapp_links() {
    let app = spawn_app().await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let blank = app.get("/operator", None).await;
    assert_eq!(blank.status, 200);
    assert_eq!(blank.body["data"]["licensed"], false, "nothing set yet: {:?}", blank.body);

    // A visitor's page is open (not signed in): its footer learns the change live.
    let mut visitor = crate::ws::guest(&app).await;
    let saved = app.post("/admin/operator/update", lagos_operator(), Some(&admin)).await;
    assert_eq!(saved.status, 200, "{:?}", saved.body);
    let mut pushed = Value::Null;
    for _ in 0..50 {
        pushed = crate::ws::next(&mut visitor).await;
        if pushed["type"] == "operator.updated" {
            break;
        }
    }

    let public = app.get("/operator", None).await.body["data"].clone();
    assert_eq!((&pushed["topic"], &pushed["data"]), (&json!("draws"), &public), "what GET /operator answers");
    assert_eq!(public["company"], "Ayo Gaming Ltd");
    assert_eq!(public["rc_number"], "RC 1234567");
    assert_eq!(public["licences"][0]["state"], "LA");
    assert_eq!(public["licences"][0]["state_name"], "Lagos State");
    assert_eq!(public["licences"][0]["number"], "LSLGA/OL/0042");
    assert_eq!(public["support_phone"], "+2348012345678", "stored in full international form for tel: links");
    assert_eq!(public["whatsapp_link"], "https://wa.me/2348098765432");
    assert_eq!(public["licensed"], true);

    let entries = audit_entries(&app, &admin, "operator.updated").await;
    assert_eq!(entries.len(), 1);
    assert!(entries[0]["detail"].as_str().unwrap_or_default().contains("licences"), "{:?}", entries[0]);
}

#[actix_web::test]
async fn a_bad_phone_or_state_is_refused_naming_the_field_and_nothing_is_saved() {
    let app = spawn_app().await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let mut body = lagos_operator();
    body["whatsapp"] = json!("whatsapp me");
    body["licences"][0]["state"] = json!("Atlantis");
    let refused = app.post("/admin/operator/update", body, Some(&admin)).await;
    assert_eq!(refused.status, 422);
    assert!(!refused.field_errors("whatsapp").is_empty(), "{:?}", refused.body);
    assert!(!refused.field_errors("licences").is_empty(), "{:?}", refused.body);
    assert_eq!(app.get("/operator", None).await.body["data"]["company"], "");
}

#[actix_web::test]
async fn a_player_cannot_change_who_the_operator_is() {
    let app = spawn_app().await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    let attack = app.post("/admin/operator/update", lagos_operator(), Some(&player)).await;
    assert_eq!(attack.status, 403);
    assert!(app.post("/admin/operator/update", lagos_operator(), None).await.status == 401);
    assert_eq!(app.get("/operator", None).await.body["data"]["company"], "");
}

#[actix_web::test]
async fn the_environment_sets_the_operator_at_start_and_a_bad_variable_stops_the_server_naming_it() {
    let app = spawn_app_with(Default::default(), |s| {
        s.operator = OperatorEnv {
            company: Some("Ayo Gaming Ltd".into()),
            licences: Some("LA:Lagos State Lotteries and Gaming Authority:LSLGA/OL/0042".into()),
            support_phone: Some("08012345678".into()),
            ..Default::default()
        };
    })
    .await;
    let public = app.get("/operator", None).await.body["data"].clone();
    assert_eq!(public["company"], "Ayo Gaming Ltd");
    assert_eq!(public["licences"][0]["regulator"], "Lagos State Lotteries and Gaming Authority");
    assert_eq!(public["support_phone"], "+2348012345678");

    let data_dir = tempfile::tempdir().unwrap();
    let mut settings = ayo::server::config::Settings::new("127.0.0.1:0".into(), data_dir.path().to_path_buf(), false);
    settings.jwt_secret = Some(crate::helpers::JWT_SECRET.into());
    settings.operator.licences = Some("LA:no number".into());
    let error = ayo::server::startup::Application::build(settings).await.err().map(|e| e.to_string());
    assert!(error.unwrap_or_default().contains("AYO_OPERATOR_LICENCES"));
}

#[actix_web::test]
async fn a_production_server_without_a_licence_number_tells_its_staff() {
    let app = spawn_app_with(Default::default(), |s| {
        s.payments.paystack_secret_key = Some("sk_test_operator_identity".into());
        s.payments.public_url = Some("https://ayolotto.example".into());
    })
    .await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let seen = app.get("/admin/operator", Some(&admin)).await.body["data"].clone();
    assert_eq!(seen["production"], true);
    assert_eq!(seen["licence_missing"], true);
    let saved = app.post("/admin/operator/update", lagos_operator(), Some(&admin)).await;
    assert_eq!(saved.body["data"]["licence_missing"], false, "{:?}", saved.body);

    let sandbox = spawn_app().await;
    let admin = sandbox.admin("boss@ayolotto.ng").await;
    assert_eq!(sandbox.get("/admin/operator", Some(&admin)).await.body["data"]["licence_missing"], false);
}

/// The bet slip says what a win pays after tax before Buy (issue 32, item 2): it reads the rates in force today.
#[actix_web::test]
async fn anyone_reads_the_withholding_tax_in_force_today_by_state() {
    let app = spawn_app().await;
    let rates = app.get("/tax-rates", None).await;
    assert_eq!(rates.status, 200);
    assert_eq!(rates.body["data"]["default_bp"], 0, "{:?}", rates.body);
    let states = rates.body["data"]["states"].as_array().unwrap();
    assert_eq!(states.len(), 1, "only Lagos withholds by default: {states:?}");
    assert_eq!(states[0]["state"], "LA");
    assert_eq!(states[0]["state_name"], "Lagos State");
    assert_eq!(states[0]["rate_bp"], 500);
}
