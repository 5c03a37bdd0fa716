//! The player's bank account: real bank codes, NUBAN check digits, the gateway's name look-up, one replaceable
//! account per player.

use serde_json::json;

use crate::helpers::spawn_app;

#[actix_web::test]
async fn real_nubans_at_real_banks_resolve_to_a_name() {
    let app = spawn_app().await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    // GTBank 058, Access 044, First Bank 011 (the CBN's worked example), Kuda 50211 (2020 rule: 950211).
    for (bank, number, bank_name) in [
        ("058", "0123456785", "Guaranty Trust Bank (GTBank)"),
        ("044", "0690123456", "Access Bank"),
        ("011", "0000014579", "First Bank of Nigeria"),
        ("50211", "2001456789", "Kuda Bank"),
    ] {
        let reply =
            app.post("/accounts/resolve", json!({"bank_code": bank, "account_number": number}), Some(&player)).await;
        assert_eq!(reply.status, 200, "{bank} {number}: {:?}", reply.body);
        assert_eq!(reply.body["data"]["bank_name"], bank_name);
        assert_eq!(reply.body["data"]["account_number"], number);
        assert_eq!(reply.body["data"]["account_name"], ayo::payments::sandbox::name_for(number));
    }
}

#[actix_web::test]
async fn a_mistyped_account_number_or_unknown_bank_is_refused_before_asking_the_bank() {
    let app = spawn_app().await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    let cases = [
        (
            "058",
            "0123456784",
            "account_number",
            "This is not a valid account number for the chosen bank; please check it",
        ),
        (
            "057",
            "0123456785",
            "account_number",
            "This is not a valid account number for the chosen bank; please check it",
        ),
        ("058", "012345678", "account_number", "The account number must have exactly 10 digits"),
        ("058", "01234S6785", "account_number", "The account number must contain digits only"),
        ("999", "0123456785", "bank_code", "Choose a bank from the list"),
        ("", "0123456785", "bank_code", "Choose your bank"),
    ];
    for (bank, number, field, message) in cases {
        let reply =
            app.post("/accounts/create", json!({"bank_code": bank, "account_number": number}), Some(&player)).await;
        assert_eq!(reply.status, 422, "{bank} {number}");
        assert_eq!(reply.field_errors(field), vec![message], "{bank} {number}");
    }
    assert_eq!(app.get("/accounts", Some(&player)).await.body["data"], json!(null));
}

#[actix_web::test]
async fn a_phone_based_wallet_number_skips_the_check_digit_but_is_still_resolved() {
    let app = spawn_app().await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    // OPay account numbers are the phone number without its leading zero: not a NUBAN of OPay's code.
    assert!(ayo_data::nuban::validate("999992", "8012345678").is_err());
    let banks = app.get("/accounts/banks", Some(&player)).await.body["data"].clone();
    let opay = banks.as_array().unwrap().iter().find(|b| b["code"] == "999992").unwrap().clone();
    assert_eq!(opay["nuban_check"], false);
    let saved = app.save_account(&player, ("999992", "8012345678")).await;
    assert_eq!(saved.status, 201, "{:?}", saved.body);
    let unknown = app.save_account(&player, ("999992", "8012349999")).await;
    assert_eq!(unknown.status, 422);
    assert_eq!(unknown.body["errorCode"], "ACCOUNT_NOT_FOUND");
    assert_eq!(unknown.message(), "We could not find this account at OPay. Check the number and the bank.");
}

#[actix_web::test]
async fn a_player_saves_one_account_and_can_replace_it_with_the_banks_name_not_their_own() {
    let app = spawn_app().await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    let body = json!({"bank_code": "058", "account_number": "0123456785", "account_name": "SOMEONE ELSE"});
    let saved = app.post("/accounts/create", body, Some(&player)).await;
    assert_eq!(saved.status, 201, "{:?}", saved.body);
    assert_eq!(saved.body["data"]["account_name"], "TUNDE OLADIPO", "the resolved name, never the client's");
    let mine = app.get("/accounts", Some(&player)).await;
    assert_eq!(mine.body["data"]["bank_name"], "Guaranty Trust Bank (GTBank)");

    let replaced = app.save_account(&player, ("044", "0690123456")).await;
    assert_eq!(replaced.status, 200, "{:?}", replaced.body);
    assert_eq!(replaced.message(), "Bank account replaced");
    let mine = app.get("/accounts", Some(&player)).await;
    assert_eq!(
        (&mine.body["data"]["bank_code"], &mine.body["data"]["account_number"]),
        (&json!("044"), &json!("0690123456"))
    );
    assert_eq!(app.audit_actions().iter().filter(|a| *a == "bank_account.saved").count(), 2);

    let admin = app.admin("boss@ayolotto.ng").await;
    let all = app.get("/admin/accounts", Some(&admin)).await;
    assert_eq!(all.body["meta"]["total"], 1);
    assert_eq!(all.body["data"][0]["player_email"], "ada@example.com");
    assert_eq!(all.body["data"][0]["account_number"], "0690123456");
}

#[actix_web::test]
async fn account_look_ups_are_rate_limited_per_player() {
    let app = spawn_app().await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    let body = json!({"bank_code": "058", "account_number": "0123456785"});
    for _ in 0..10 {
        assert_eq!(app.post("/accounts/resolve", body.clone(), Some(&player)).await.status, 200);
    }
    let limited = app.post("/accounts/resolve", body, Some(&player)).await;
    assert_eq!((limited.status, limited.body["errorCode"].as_str()), (429, Some("RATE_LIMITED")));
}
