//! Signed, expiring session tokens (JWT, HS256). A token names the user, the role and the account's
//! `token_version`, so a password change signs every older token out.

use jsonwebtoken::{decode, encode, Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

use ayo_data::user::{User, UserId};

#[derive(Debug, Serialize, Deserialize)]
pub struct Claims {
    pub sub: String,
    pub role: String,
    pub ver: u32,
    pub iat: i64,
    pub exp: i64,
}

#[derive(Clone)]
pub struct Tokens {
    encoding: EncodingKey,
    decoding: DecodingKey,
    pub ttl_secs: u64,
}

impl Tokens {
    pub fn new(secret: &[u8], ttl_secs: u64) -> Self {
        Self { encoding: EncodingKey::from_secret(secret), decoding: DecodingKey::from_secret(secret), ttl_secs }
    }

    pub fn issue(&self, user: &User) -> anyhow::Result<String> {
        let now = chrono::Utc::now().timestamp();
        let claims = Claims {
            sub: user.id.to_string(),
            role: user.role.as_str().to_string(),
            ver: user.token_version,
            iat: now,
            exp: now + i64::try_from(self.ttl_secs).unwrap_or(3600),
        };
        Ok(encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)?)
    }

    /// The user id and token version of a valid, unexpired token.
    pub fn verify(&self, token: &str) -> Option<(UserId, u32)> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp", "sub"]);
        let data = decode::<Claims>(token, &self.decoding, &validation).ok()?;
        Some((data.claims.sub.parse().ok()?, data.claims.ver))
    }
}
