//! Helpers for money tests: deposits through the sandbox checkout, signed webhooks, bank accounts, withdrawals,
//! the audit log, and the ledger invariant.

use serde_json::{json, Value};

use crate::helpers::{Reply, TestApp};

/// Real NUBANs (check digit worked by hand in data/tests/nuban.rs and docs/api-money.md).
pub const GTBANK: (&str, &str) = ("058", "0123456785");
/// A NIN the sandbox identity provider finds with the player's own name on it.
pub const SANDBOX_NIN: &str = "70123456789";
/// A GTBank NUBAN ending in 0000: the sandbox's transfers to it fail.
pub const GTBANK_FAILING: (&str, &str) = ("058", "1000060000");

pub struct Checkout {
    pub reference: String,
    pub authorization_url: String,
}

/// What the sandbox checkout page offers: the form's action URL and its buttons' `action` values.
pub struct CheckoutPage {
    pub html: String,
    pub form_action: String,
    pub choices: Vec<String>,
}

fn between<'a>(text: &'a str, start: &str, end: &str) -> Option<&'a str> {
    let from = text.find(start)? + start.len();
    let to = text[from..].find(end)? + from;
    Some(&text[from..to])
}

impl TestApp {
    pub async fn user_id(&self, token: &str) -> u64 {
        self.get("/auth/profiles", Some(token)).await.body["data"]["id"].as_u64().expect("user id")
    }

    pub async fn start_deposit(&self, token: &str, amount: i64) -> Reply {
        self.post("/deposits/create", json!({ "amount": amount }), Some(token)).await
    }

    /// Starts a deposit that must be accepted.
    pub async fn checkout(&self, token: &str, amount: i64) -> Checkout {
        let reply = self.start_deposit(token, amount).await;
        assert_eq!(reply.status, 201, "{:?}", reply.body);
        Checkout {
            reference: reply.body["data"]["reference"].as_str().unwrap().to_string(),
            authorization_url: reply.body["data"]["authorization_url"].as_str().unwrap().to_string(),
        }
    }

    /// GETs the sandbox checkout page and reads its form.
    pub async fn checkout_page(&self, url: &str) -> CheckoutPage {
        let resp = self.client.get(url).send().await.unwrap();
        assert_eq!(resp.status().as_u16(), 200);
        let content_type = resp.headers()["content-type"].to_str().unwrap().to_string();
        assert!(content_type.starts_with("text/html"), "{content_type}");
        let html = resp.text().await.unwrap();
        let form_action = between(&html, "<form method=\"post\" action=\"", "\"").unwrap_or_default().to_string();
        let choices = html
            .split("name=\"action\" value=\"")
            .skip(1)
            .filter_map(|rest| rest.split('"').next().map(String::from))
            .collect();
        CheckoutPage { html, form_action, choices }
    }

    /// Presses a button on the checkout page as a browser would: returns the status and the redirect target.
    pub async fn press(&self, page: &CheckoutPage, choice: &str) -> (u16, String) {
        assert!(page.choices.iter().any(|c| c == choice), "the page offers {choice}: {:?}", page.choices);
        let browser = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
        let resp =
            browser.post(format!("{}{}", self.url, page.form_action)).form(&[("action", choice)]).send().await.unwrap();
        let location = resp.headers().get("location").map(|v| v.to_str().unwrap().to_string()).unwrap_or_default();
        (resp.status().as_u16(), location)
    }

    /// A deposit paid through the sandbox checkout page, end to end.
    pub async fn deposit_paid(&self, token: &str, amount: i64) -> String {
        let checkout = self.checkout(token, amount).await;
        let page = self.checkout_page(&checkout.authorization_url).await;
        let (status, _) = self.press(&page, "pay").await;
        assert_eq!(status, 303);
        checkout.reference
    }

    pub fn sandbox_secret(&self) -> String {
        ayo::payments::sandbox::secret_key(self.data_dir.path()).unwrap()
    }

    /// POSTs a webhook body signed with `secret` (or unsigned) to `/payments/{gateway}/webhook`.
    pub async fn webhook(&self, gateway: &str, body: &str, secret: Option<&str>) -> Reply {
        let mut req = self
            .client
            .post(format!("{}/api/v1/payments/{gateway}/webhook", self.url))
            .header("content-type", "application/json")
            .body(body.to_string());
        if let Some(secret) = secret {
            req = req.header("x-paystack-signature", ayo::payments::protocol::sign(secret.as_bytes(), body.as_bytes()));
        }
        let resp = req.send().await.unwrap();
        let status = resp.status().as_u16();
        let text = resp.text().await.unwrap_or_default();
        Reply { status, body: serde_json::from_str(&text).unwrap_or(Value::String(text)) }
    }

    /// The `charge.success` event the sandbox sends for a reference (as it is on the sandbox's books now).
    pub fn charge_success_body(&self, reference: &str) -> String {
        let charge = self.store.sandbox.charge(reference).unwrap().expect("a sandbox charge");
        ayo::payments::sandbox::charge_success_event(&charge).to_string()
    }

    /// Every audit action recorded so far, oldest first.
    pub fn audit_actions(&self) -> Vec<String> {
        let mut all = self.store.activities.newest_first().collect::<Result<Vec<_>, _>>().unwrap();
        all.reverse();
        all.into_iter().map(|a| a.action).collect()
    }

    /// Saves (or, with the password every helper player has, replaces) the player's bank account.
    pub async fn save_account(&self, token: &str, (bank_code, number): (&str, &str)) -> Reply {
        let body =
            json!({ "bank_code": bank_code, "account_number": number, "current_password": crate::helpers::PASSWORD });
        self.post("/accounts/create", body, Some(token)).await
    }

    pub async fn withdraw(&self, token: &str, amount: i64, key: &str) -> Reply {
        self.post("/withdrawals/create", json!({ "amount": amount, "idempotency_key": key }), Some(token)).await
    }

    /// My transactions, newest first.
    pub async fn transactions(&self, token: &str, query: &str) -> Vec<Value> {
        let reply = self.get(&format!("/transactions?per_page=100{query}"), Some(token)).await;
        assert_eq!(reply.status, 200, "{:?}", reply.body);
        reply.body["data"].as_array().unwrap().clone()
    }

    /// The ledger invariant (docs/decisions): balance = Σ amount of entries that are `success` or `pending`.
    pub async fn assert_ledger_matches_balance(&self, token: &str) {
        let sum: i64 = self
            .transactions(token, "")
            .await
            .iter()
            .filter(|t| t["status"] == "success" || t["status"] == "pending")
            .map(|t| t["amount"].as_i64().unwrap())
            .sum();
        assert_eq!(self.balance(token).await, sum, "balance equals the sum of success and pending entries");
        assert!(sum >= 0);
    }

    /// A verified player with `kobo` in the wallet, a saved bank account, and a verified NIN.
    pub async fn player_ready_to_withdraw(&self, email: &str, phone: &str, kobo: i64, account: (&str, &str)) -> String {
        let token = self.funded_player_with_account(email, phone, kobo, account).await;
        self.pass_kyc(&token).await;
        token
    }

    /// As `player_ready_to_withdraw`, but with no identity check yet.
    pub async fn funded_player_with_account(
        &self,
        email: &str,
        phone: &str,
        kobo: i64,
        account: (&str, &str),
    ) -> String {
        let token = self.verified_player(email, phone).await;
        let admin = self.admin(&format!("boss-{email}")).await;
        self.fund(&admin, &token, kobo).await;
        let saved = self.save_account(&token, account).await;
        assert_eq!(saved.status, 201, "{:?}", saved.body);
        token
    }

    pub async fn submit_nin(&self, token: &str, nin: &str) -> Reply {
        self.post("/identity/create", json!({ "nin": nin }), Some(token)).await
    }

    /// Gets the player's identity verified the way a player and an admin would: the sandbox NIN, then, when the
    /// names need a review (the sandbox's bank account names are rarely the player's), an admin's approval.
    pub async fn pass_kyc(&self, token: &str) {
        let submitted = self.submit_nin(token, SANDBOX_NIN).await;
        assert!([201, 409].contains(&submitted.status), "{:?}", submitted.body);
        let status = self.get("/identity", Some(token)).await.body["data"]["status"].as_str().unwrap().to_string();
        if status == "review" {
            let id = self.user_id(token).await;
            let admin = self.admin(&format!("kyc-{}@ayolotto.ng", crate::helpers::fresh_key())).await;
            let body = json!({ "reason": "Bank account name checked against the NIN slip" });
            let approved = self.post(&format!("/admin/identity-reviews/{id}/approve"), body, Some(&admin)).await;
            assert_eq!(approved.status, 200, "{:?}", approved.body);
        } else {
            assert_eq!(status, "verified");
        }
    }
}
