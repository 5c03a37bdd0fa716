//! Identity providers behind one interface (decision 024): `sandbox`, built in and the default, deterministic and
//! marked as such in every answer; and `dojah` (https://api.dojah.io), chosen with `AYO_KYC_PROVIDER=dojah`.
//!
//! A provider answers one question: whose name is on this NIN (or vNIN)? Whether that name is the player's is
//! decided here, not by the provider (`ayo_data::name_match`), so both providers are held to the same rule.
//!
//! The number never reaches a log line: it is only ever inside an `IdNumber` (whose `Debug` masks it), errors from
//! the HTTP client are stripped of their URL (the number is in its query), and the provider's own words are logged,
//! never the request.

pub mod dojah;
pub mod sandbox;

use std::time::Duration;

use ayo_data::identity::IdNumber;

/// Dojah's API, unless `AYO_DOJAH_BASE_URL` says otherwise.
pub const DOJAH_BASE_URL: &str = "https://api.dojah.io";

/// From `AYO_KYC_PROVIDER`, `AYO_DOJAH_APP_ID`, `AYO_DOJAH_SECRET_KEY`, `AYO_DOJAH_BASE_URL`.
#[derive(Clone)]
pub struct IdentitySettings {
    /// `AYO_KYC_PROVIDER` as given (`sandbox` or `dojah`); unset means the sandbox, and a live server must set it
    /// (see `payments::mode`).
    pub provider: Option<String>,
    pub dojah_app_id: Option<String>,
    pub dojah_secret_key: Option<String>,
    pub dojah_base_url: String,
    pub timeout: Duration,
}

impl Default for IdentitySettings {
    fn default() -> Self {
        Self {
            provider: None,
            dojah_app_id: None,
            dojah_secret_key: None,
            dojah_base_url: DOJAH_BASE_URL.into(),
            timeout: Duration::from_secs(15),
        }
    }
}

/// Never prints the secret key.
impl std::fmt::Debug for IdentitySettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("IdentitySettings")
            .field("provider", &self.provider)
            .field("dojah_app_id", &self.dojah_app_id)
            .field("dojah_secret_key", &self.dojah_secret_key.as_ref().map(|_| "***"))
            .field("dojah_base_url", &self.dojah_base_url)
            .finish()
    }
}

impl IdentitySettings {
    pub fn with_env(mut self) -> Self {
        let var = |name: &str| std::env::var(name).ok().map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
        if let Some(v) = var("AYO_KYC_PROVIDER") {
            self.provider = Some(v.to_ascii_lowercase());
        }
        if let Some(v) = var("AYO_DOJAH_APP_ID") {
            self.dojah_app_id = Some(v);
        }
        if let Some(v) = var("AYO_DOJAH_SECRET_KEY") {
            self.dojah_secret_key = Some(v);
        }
        if let Some(v) = var("AYO_DOJAH_BASE_URL") {
            self.dojah_base_url = v;
        }
        self
    }

    /// Whether the sandbox will run (the default).
    pub fn is_sandbox(&self) -> bool {
        self.provider.as_deref().is_none_or(|p| p == "sandbox")
    }
}

/// A person as an identity registry has them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersonOnId {
    pub first_name: String,
    pub middle_name: Option<String>,
    pub last_name: String,
}

impl PersonOnId {
    /// "First Middle Last".
    pub fn full_name(&self) -> String {
        [Some(self.first_name.as_str()), self.middle_name.as_deref(), Some(self.last_name.as_str())]
            .into_iter()
            .flatten()
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

#[derive(Debug, thiserror::Error)]
pub enum IdentityError {
    /// The registry has no such number.
    #[error("not found")]
    NotFound,
    /// No answer we can trust (timeout, network, 5xx, our credentials refused, garbled body). For logs only.
    #[error("{0}")]
    Unavailable(String),
}

pub enum IdentityProvider {
    Sandbox,
    Dojah(dojah::Dojah),
}

impl IdentityProvider {
    pub fn new(settings: &IdentitySettings) -> anyhow::Result<Self> {
        Ok(match settings.provider.as_deref().unwrap_or("sandbox") {
            "sandbox" => Self::Sandbox,
            "dojah" => {
                let (Some(app_id), Some(secret)) = (&settings.dojah_app_id, &settings.dojah_secret_key) else {
                    anyhow::bail!("AYO_KYC_PROVIDER=dojah needs AYO_DOJAH_APP_ID and AYO_DOJAH_SECRET_KEY");
                };
                Self::Dojah(dojah::Dojah::new(app_id, secret, &settings.dojah_base_url, settings.timeout)?)
            }
            other => anyhow::bail!("AYO_KYC_PROVIDER is {other:?}: use sandbox or dojah"),
        })
    }

    /// `sandbox` or `dojah`.
    pub fn name(&self) -> &'static str {
        match self {
            Self::Sandbox => "sandbox",
            Self::Dojah(_) => "dojah",
        }
    }

    pub fn is_sandbox(&self) -> bool {
        matches!(self, Self::Sandbox)
    }

    /// Whose name is on `number`. The sandbox derives it from `player_name` (see `sandbox`).
    pub async fn look_up(&self, number: &IdNumber, player_name: &str) -> Result<PersonOnId, IdentityError> {
        match self {
            Self::Sandbox => sandbox::look_up(number, player_name),
            Self::Dojah(d) => d.look_up(number).await,
        }
    }
}
