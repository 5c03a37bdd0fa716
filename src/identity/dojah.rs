//! Dojah's identity lookups (https://docs.dojah.io): `GET /api/v1/kyc/nin?nin=…` and `GET /api/v1/kyc/vnin?vnin=…`,
//! each with the headers `AppId: <app id>` and `Authorization: <secret key>` (the key itself, not `Bearer`).
//!
//! A found number answers 200 `{"entity": {...}}`; the NIN lookup names its fields `first_name`, `middle_name`,
//! `last_name`, the vNIN lookup `firstname`, `middlename`, `surname`; both are read. A number Dojah does not know
//! answers 4xx `{"error": "... not found"}`. Our credentials refused (401/403), a 5xx, a timeout or a body without a
//! name are `Unavailable`: never the player's fault, never shown to them in detail.

use std::time::Duration;

use reqwest::StatusCode;
use serde::Deserialize;

use ayo_data::identity::IdNumber;

use super::{IdentityError, PersonOnId};

pub struct Dojah {
    client: reqwest::Client,
    base: String,
    app_id: String,
    secret: String,
    timeout: Duration,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Entity {
    #[serde(alias = "firstname")]
    first_name: Option<String>,
    #[serde(alias = "middlename")]
    middle_name: Option<String>,
    #[serde(alias = "surname")]
    last_name: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Answer {
    entity: Option<Entity>,
    error: Option<serde_json::Value>,
}

impl Dojah {
    pub fn new(app_id: &str, secret: &str, base_url: &str, timeout: Duration) -> anyhow::Result<Self> {
        let client = reqwest::Client::builder().timeout(timeout).build()?;
        Ok(Self {
            client,
            base: base_url.trim_end_matches('/').to_string(),
            app_id: app_id.to_string(),
            secret: secret.to_string(),
            timeout,
        })
    }

    pub async fn look_up(&self, number: &IdNumber) -> Result<PersonOnId, IdentityError> {
        let (path, param) = match number {
            IdNumber::Nin(_) => ("/api/v1/kyc/nin", "nin"),
            IdNumber::Vnin(_) => ("/api/v1/kyc/vnin", "vnin"),
        };
        let response = self
            .client
            .get(format!("{}{path}", self.base))
            .query(&[(param, number.expose())])
            .header("AppId", &self.app_id)
            .header("Authorization", &self.secret)
            .send()
            .await
            // The URL carries the number in its query: never let it into an error message.
            .map_err(|e| {
                let e = e.without_url();
                IdentityError::Unavailable(if e.is_timeout() {
                    format!("Dojah did not answer within {} ms", self.timeout.as_millis())
                } else {
                    format!("Dojah could not be reached: {e}")
                })
            })?;
        let status = response.status();
        let text = response.text().await.map_err(|e| IdentityError::Unavailable(format!("{}", e.without_url())))?;
        let answer: Answer = serde_json::from_str(&text).unwrap_or_default();
        if status == StatusCode::UNAUTHORIZED || status == StatusCode::FORBIDDEN {
            return Err(IdentityError::Unavailable(format!("Dojah refused our credentials ({status})")));
        }
        if status.is_client_error() {
            let said = answer.error.map(|e| e.to_string()).unwrap_or_default().to_ascii_lowercase();
            if status == StatusCode::NOT_FOUND || said.contains("not found") || said.contains("invalid") {
                return Err(IdentityError::NotFound);
            }
            return Err(IdentityError::Unavailable(format!("Dojah answered {status}")));
        }
        if !status.is_success() {
            return Err(IdentityError::Unavailable(format!("Dojah answered {status}")));
        }
        let entity = answer.entity.unwrap_or_default();
        let clean = |n: Option<String>| n.map(|n| n.trim().to_string()).filter(|n| !n.is_empty());
        match (clean(entity.first_name), clean(entity.last_name)) {
            (Some(first_name), Some(last_name)) => {
                Ok(PersonOnId { first_name, middle_name: clean(entity.middle_name), last_name })
            }
            _ => Err(IdentityError::Unavailable("Dojah's answer had no name in it".into())),
        }
    }
}
