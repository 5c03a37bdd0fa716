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

    /// The user id and token version of a valid, unexpired session token.
    pub fn verify(&self, token: &str) -> Option<(UserId, u32)> {
        self.verify_until(token).map(|(id, version, _)| (id, version))
    }

    /// `verify`, and when the token expires.
    pub fn verify_until(&self, token: &str) -> Option<(UserId, u32, chrono::DateTime<chrono::Utc>)> {
        let claims = self.decode::<Claims>(token)?;
        Some((claims.sub.parse().ok()?, claims.ver, chrono::DateTime::from_timestamp(claims.exp, 0)?))
    }

    /// When a valid, unexpired session token was issued: the login (or password change) that began the session.
    pub fn issued_at(&self, token: &str) -> Option<chrono::DateTime<chrono::Utc>> {
        chrono::DateTime::from_timestamp(self.decode::<Claims>(token)?.iat, 0)
    }

    /// A short-lived token that proves only the password step of an admin login: it is not a session token (it has
    /// no `role`, and sessions have no `mfa`), and it works only with `POST /auth/mfa/verify`.
    pub fn issue_mfa(&self, user: &User) -> anyhow::Result<String> {
        let now = chrono::Utc::now().timestamp();
        let claims = MfaClaims {
            sub: user.id.to_string(),
            mfa: "totp".into(),
            ver: user.token_version,
            iat: now,
            exp: now + MFA_TTL_SECS,
        };
        Ok(encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)?)
    }

    /// The user id and token version of a valid, unexpired second-step token.
    pub fn verify_mfa(&self, token: &str) -> Option<(UserId, u32)> {
        let claims = self.decode::<MfaClaims>(token)?;
        Some((claims.sub.parse().ok()?, claims.ver))
    }

    fn decode<T: serde::de::DeserializeOwned>(&self, token: &str) -> Option<T> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp", "sub"]);
        Some(decode::<T>(token, &self.decoding, &validation).ok()?.claims)
    }
}

/// How long the code step of an admin login may take.
pub const MFA_TTL_SECS: i64 = 300;

#[derive(Debug, Serialize, Deserialize)]
struct MfaClaims {
    sub: String,
    mfa: String,
    ver: u32,
    iat: i64,
    exp: i64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use ayo_data::user::{Role, SecondFactor, UserStatus};

    fn admin() -> User {
        User {
            id: 7,
            name: "A".into(),
            email: "a@example.com".into(),
            phone: None,
            dob: None,
            role: Role::Admin,
            password_hash: String::new(),
            email_verified_at: None,
            status: UserStatus::Active,
            token_version: 3,
            created_at: chrono::Utc::now(),
            second_factor: SecondFactor::default(),
            state: None,
            last_login_at: None,
            previous_login_at: None,
        }
    }

    #[test]
    fn a_second_step_token_is_never_a_session_token_nor_the_reverse() {
        let tokens = Tokens::new(b"secret", 3600);
        let (mfa, session) =
            (tokens.issue_mfa(&admin()).unwrap_or_default(), tokens.issue(&admin()).unwrap_or_default());
        assert_eq!(tokens.verify_mfa(&mfa), Some((7, 3)));
        assert_eq!(tokens.verify(&session), Some((7, 3)));
        assert_eq!(tokens.verify(&mfa), None);
        assert_eq!(tokens.verify_mfa(&session), None);
    }
}
