use serde_json::json;

use ayo::rate_limit::{Limit, Limits};

use crate::helpers::{sign_up_body, spawn_app, spawn_app_with};

#[actix_web::test]
async fn a_sign_up_creates_an_unverified_player_and_emails_a_six_digit_code() {
    let app = spawn_app().await;
    let reply = app.sign_up("Ada Obi", "ada@example.com", "+2348012345678").await;
    assert_eq!(reply.status, 201, "{:?}", reply.body);
    assert_eq!(reply.body["data"]["email"], "ada@example.com");
    let code = app.latest_code("ada@example.com");
    assert!(code.chars().all(|c| c.is_ascii_digit()) && code.len() == 6);
    let user = app.store.users.find_by_email(&ayo_data::account::Email::parse("ada@example.com").unwrap());
    let user = user.unwrap().expect("stored");
    assert!(!user.is_verified());
    assert!(user.password_hash.starts_with("$argon2id$"), "password stored as Argon2id");
}

#[actix_web::test]
async fn a_missing_field_answers_all_fields_are_required_naming_the_field() {
    let app = spawn_app().await;
    for field in ["name", "email", "dob", "phoneNumber", "password"] {
        let mut body = sign_up_body("Ada", "ada@example.com", "+2348012345678");
        body[field] = json!("");
        let reply = app.post("/users/create", body, None).await;
        assert_eq!(reply.status, 422, "{field}");
        assert_eq!(reply.message(), "All fields are required");
        assert!(!reply.field_errors(field).is_empty(), "{field} named in errors");
    }
}

#[actix_web::test]
async fn every_sign_up_rule_is_enforced_by_the_server_with_its_message() {
    let app = spawn_app().await;
    let cases = [
        ("name", json!("a".repeat(71)), "Name must be at most 70 characters"),
        ("email", json!("not-an-email"), "Enter a valid email address"),
        ("email", json!(format!("{}@example.com", "a".repeat(39))), "Email must be at most 50 characters"),
        ("password", json!("12345"), "Password must be upto 6 characters"),
        ("phoneNumber", json!("+234801234abc"), "Phone number should contain only digits"),
        ("phoneNumber", json!("+123456789"), "Phone number should be at least 10 digits"),
        ("phoneNumber", json!("+23412345678901234567"), "Phone number should not exceed 15 digits"),
        ("dob", json!("2020-01-01"), "You must be at least 18 years old"),
        ("dob", json!("17/05/1990"), "Enter your date of birth as YYYY-MM-DD"),
    ];
    for (field, value, message) in cases {
        let mut body = sign_up_body("Ada", "ada@example.com", "+2348012345678");
        body[field] = value;
        let reply = app.post("/users/create", body, None).await;
        assert_eq!(reply.status, 422, "{field}: {:?}", reply.body);
        assert_eq!(reply.field_errors(field), vec![message.to_string()], "{field}");
        assert_eq!(reply.message(), message);
    }
    assert!(app.mails_to("ada@example.com").is_empty(), "no account, no mail");
}

#[actix_web::test]
async fn someone_turning_eighteen_tomorrow_cannot_sign_up_today() {
    let app = spawn_app().await;
    let today = chrono::Utc::now().date_naive();
    let born = |years: i32, days: i64| {
        let date = today.with_year_compat(years) + chrono::Duration::days(days);
        date.format("%Y-%m-%d").to_string()
    };
    let mut body = sign_up_body("Ada", "ada@example.com", "+2348012345678");
    body["dob"] = json!(born(18, 1));
    assert_eq!(app.post("/users/create", body.clone(), None).await.status, 422);
    body["dob"] = json!(born(18, 0));
    assert_eq!(app.post("/users/create", body, None).await.status, 201);
}

trait YearsAgo {
    fn with_year_compat(self, years: i32) -> chrono::NaiveDate;
}

impl YearsAgo for chrono::NaiveDate {
    /// The same day `years` years ago (28 Feb for a 29 Feb that does not exist).
    fn with_year_compat(self, years: i32) -> chrono::NaiveDate {
        use chrono::Datelike;
        let year = self.year() - years;
        self.with_year(year).unwrap_or_else(|| chrono::NaiveDate::from_ymd_opt(year, 2, 28).unwrap())
    }
}

#[actix_web::test]
async fn signing_up_with_a_taken_email_or_phone_answers_the_same_and_tells_only_the_owner() {
    let limits = Limits { otp_send_per_email: Limit::per_minute(5), ..Limits::default() };
    let app = spawn_app_with(limits, |_| {}).await;
    app.verified_player("ada@example.com", "+2348012345678").await;
    let first = app.mails_to("ada@example.com").len();

    let again = app.sign_up("Someone", "ada@example.com", "+2348099999999").await;
    assert_eq!(again.status, 201, "same answer as a new sign-up");
    let mails = app.mails_to("ada@example.com");
    assert_eq!(mails.len(), first + 1);
    assert!(mails.last().unwrap().contains("already have"), "the owner is told, no code is sent");

    let phone_taken = app.sign_up("Bola", "bola@example.com", "+2348012345678").await;
    assert_eq!(phone_taken.status, 201);
    assert!(app.mails_to("bola@example.com").is_empty(), "the requester learns nothing about whose phone it is");
    let owner = app.mails_to("ada@example.com");
    assert_eq!(owner.len(), first + 2);
    assert!(owner.last().unwrap().contains("tried to create a new Ayo Lotto account with the"));
    assert!(crate::helpers::code_in(owner.last().unwrap()).is_none());
}

#[actix_web::test]
async fn a_body_of_the_wrong_type_is_a_422_naming_the_field_not_a_500() {
    let app = spawn_app().await;
    let reply = app
        .post("/users/create", json!({"name": 5, "email": "a@b.co", "dob": "1990-01-01", "phoneNumber": "+2348012345678", "password": "123456"}), None)
        .await;
    assert_eq!(reply.status, 422);
    assert!(!reply.field_errors("name").is_empty());
    let not_json = app.client.post(format!("{}/api/v1/users/create", app.url)).body("{oops").send().await.unwrap();
    assert_eq!(not_json.status().as_u16(), 400);
}
