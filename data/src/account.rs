//! The account's domain values, each parsed once at the edge: a value of these types is valid by construction.
//!
//! Messages are the ones docs/product.md §13 shows the player, so the server and the app say the same thing.

use chrono::{Datelike, NaiveDate};
use serde::{Deserialize, Serialize};

pub const NAME_MAX: usize = 70;
pub const EMAIL_MAX: usize = 50;
pub const PASSWORD_MIN: usize = 6;
/// Argon2 cost grows with input; a cap keeps one request from burning a core.
pub const PASSWORD_MAX: usize = 128;
pub const MIN_AGE_YEARS: i32 = 18;

/// A rejected value, with the message the player sees.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Invalid(pub &'static str);

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PersonName(String);

impl PersonName {
    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        let name = raw.split_whitespace().collect::<Vec<_>>().join(" ");
        if name.is_empty() {
            return Err(Invalid("Name is required"));
        }
        if name.chars().count() > NAME_MAX {
            return Err(Invalid("Name must be at most 70 characters"));
        }
        if name.chars().any(char::is_control) {
            return Err(Invalid("Name contains invalid characters"));
        }
        Ok(Self(name))
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// An email address, lower-cased so that one mailbox is one account.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Email(String);

impl Email {
    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        let email = raw.trim().to_lowercase();
        if email.is_empty() {
            return Err(Invalid("Email is required"));
        }
        if email.chars().count() > EMAIL_MAX {
            return Err(Invalid("Email must be at most 50 characters"));
        }
        if !looks_like_email(&email) {
            return Err(Invalid("Enter a valid email address"));
        }
        Ok(Self(email))
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// local@domain.tld with no spaces, one @, a dot in the domain and sane label characters.
fn looks_like_email(email: &str) -> bool {
    let Some((local, domain)) = email.split_once('@') else {
        return false;
    };
    let local_ok = !local.is_empty()
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..")
        && local.chars().all(|c| c.is_ascii_alphanumeric() || "!#$%&'*+-/=?^_`{|}~.".contains(c));
    let labels: Vec<&str> = domain.split('.').collect();
    let domain_ok = labels.len() >= 2
        && labels.iter().all(|l| {
            !l.is_empty()
                && !l.starts_with('-')
                && !l.ends_with('-')
                && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        })
        && labels.last().is_some_and(|tld| tld.len() >= 2 && tld.chars().all(|c| c.is_ascii_alphabetic()));
    local_ok && domain_ok
}

/// A full international phone number, `+` then the dial code and the national digits.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PhoneNumber(String);

/// Nigeria's dial code, without the `+`. Dial codes are a prefix code (ITU-T E.164), so a number that starts with
/// these digits is Nigerian whichever country the player picked.
pub const NIGERIA_DIAL_CODE: &str = "234";
/// The national digits of a Nigerian number: 10 (`801 234 5678`; written locally with a trunk `0`, 11).
pub const NIGERIA_DIGITS: usize = 10;
/// The fewest and most national digits of any country's number (docs/product.md §13).
pub const PHONE_MIN_DIGITS: usize = 10;
pub const PHONE_MAX_DIGITS: usize = 15;

impl PhoneNumber {
    /// Parses the full number the app sends (dial code + digits, e.g. `+2348012345678`), by the one rule the app
    /// checks too (docs/decisions/050-one-phone-rule.md, vectors in docs/vectors/rules/phone.json): digits only;
    /// one trunk `0` after the dial code is dropped; then 10 to 15 national digits, and exactly 10 for Nigeria.
    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            return Err(Invalid("Phone number is required"));
        }
        let digits = trimmed.strip_prefix('+').unwrap_or(trimmed);
        if !digits.chars().all(|c| c.is_ascii_digit()) {
            return Err(Invalid("Phone number should contain only digits"));
        }
        if let Some(national) = digits.strip_prefix(NIGERIA_DIAL_CODE) {
            let national = national.strip_prefix('0').unwrap_or(national);
            check_national_length(national.len())?;
            if national.len() != NIGERIA_DIGITS {
                return Err(Invalid(NIGERIAN_LENGTH));
            }
            return Ok(Self(format!("+{NIGERIA_DIAL_CODE}{national}")));
        }
        // Any other country: the server holds no list of dial codes, so it cannot see where the dial code (1–4
        // digits) ends; it bounds the whole by the shortest and longest dial codes, and the app, which knows the
        // country picked, counts the national part itself.
        if digits.len() < 1 + PHONE_MIN_DIGITS {
            return Err(Invalid(TOO_SHORT));
        }
        if digits.len() > 4 + PHONE_MAX_DIGITS {
            return Err(Invalid(TOO_LONG));
        }
        Ok(Self(format!("+{digits}")))
    }

    /// Reads what a player types at login: `+2348012345678`, `2348012345678` or the local `08012345678`.
    pub fn from_login(raw: &str) -> Option<Self> {
        let trimmed: String = raw.chars().filter(|c| !matches!(c, ' ' | '-')).collect();
        let digits = trimmed.strip_prefix('+').unwrap_or(&trimmed);
        if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        if digits.len() == 11 && digits.starts_with('0') && !trimmed.starts_with('+') {
            return Some(Self(format!("+234{}", &digits[1..])));
        }
        Self::parse(digits).ok()
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// What a Nigerian number of 11 to 15 national digits is told (a dial code typed twice, a digit too many).
pub const NIGERIAN_LENGTH: &str = "A Nigerian phone number has 10 digits after +234 (11 with the leading 0)";

const TOO_SHORT: &str = "Phone number should be at least 10 digits";
const TOO_LONG: &str = "Phone number should not exceed 15 digits";

/// The bounds every country's national digits keep.
fn check_national_length(count: usize) -> Result<(), Invalid> {
    if count < PHONE_MIN_DIGITS {
        return Err(Invalid(TOO_SHORT));
    }
    if count > PHONE_MAX_DIGITS {
        return Err(Invalid(TOO_LONG));
    }
    Ok(())
}

/// A date of birth of someone old enough to play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct DateOfBirth(NaiveDate);

impl DateOfBirth {
    /// The original brief (docs/product.md §13) words the rule as a year difference; we check the real age (the
    /// birthday reached), which is what the law means by 18+: someone born in December is not 18 in January of the year
    /// they turn 18.
    pub fn parse(raw: &str, today: NaiveDate) -> Result<Self, Invalid> {
        let raw = raw.trim();
        if raw.is_empty() {
            return Err(Invalid("Date of birth is required"));
        }
        let date = NaiveDate::parse_from_str(raw.get(..10).unwrap_or(raw), "%Y-%m-%d")
            .map_err(|_| Invalid("Enter your date of birth as YYYY-MM-DD"))?;
        if date > today || today.year() - date.year() > 120 {
            return Err(Invalid("Enter a real date of birth"));
        }
        if age_on(date, today) < MIN_AGE_YEARS {
            return Err(Invalid("You must be at least 18 years old"));
        }
        Ok(Self(date))
    }
    pub fn date(&self) -> NaiveDate {
        self.0
    }
}

pub fn age_on(born: NaiveDate, today: NaiveDate) -> i32 {
    let mut age = today.year() - born.year();
    if (today.month(), today.day()) < (born.month(), born.day()) {
        age -= 1;
    }
    age
}

/// A password as typed, checked for length only: the rest is the player's business.
pub struct Password(String);

impl Password {
    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        if raw.is_empty() {
            return Err(Invalid("Password is required"));
        }
        let len = raw.chars().count();
        if len < PASSWORD_MIN {
            return Err(Invalid("Password must be upto 6 characters"));
        }
        if len > PASSWORD_MAX {
            return Err(Invalid("Password must be at most 128 characters"));
        }
        Ok(Self(raw.to_string()))
    }
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Password(***)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap_or_default()
    }

    #[test]
    fn a_name_of_seventy_characters_is_accepted_and_seventy_one_is_not() {
        assert!(PersonName::parse(&"a".repeat(70)).is_ok());
        assert!(PersonName::parse(&"a".repeat(71)).is_err());
        assert_eq!(PersonName::parse("  Ada   Obi ").map(|n| n.0), Ok("Ada Obi".into()));
    }

    #[test]
    fn emails_are_lower_cased_and_must_look_normal() {
        assert_eq!(Email::parse(" Ada@Example.COM ").map(|e| e.0), Ok("ada@example.com".into()));
        for bad in ["ada", "ada@", "@x.com", "ada@x", "a b@x.com", "ada@x..com", "ada@x.c0m"] {
            assert!(Email::parse(bad).is_err(), "{bad}");
        }
        let fifty = format!("{}@example.com", "a".repeat(38));
        assert_eq!(fifty.len(), 50);
        assert!(Email::parse(&fifty).is_ok());
        assert!(Email::parse(&format!("a{fifty}")).is_err());
    }

    #[test]
    fn phone_numbers_are_digits_with_a_dial_code() {
        assert_eq!(PhoneNumber::parse("+2348012345678").map(|p| p.0), Ok("+2348012345678".into()));
        assert_eq!(PhoneNumber::parse("+23408012345678").map(|p| p.0), Ok("+2348012345678".into()));
        assert_eq!(PhoneNumber::parse("+234801234567a"), Err(Invalid("Phone number should contain only digits")));
        assert!(PhoneNumber::parse("+1234567890").is_err());
        assert!(PhoneNumber::parse("").is_err());
    }

    #[test]
    fn a_nigerian_number_has_ten_national_digits() {
        assert_eq!(PhoneNumber::parse("+234801234567"), Err(Invalid(TOO_SHORT)));
        assert_eq!(PhoneNumber::parse("+2340801234567"), Err(Invalid(TOO_SHORT)));
        // The dial code typed again in the number field: a well-formed number the player does not own.
        assert_eq!(PhoneNumber::parse("+2342348012345678"), Err(Invalid(NIGERIAN_LENGTH)));
        assert_eq!(PhoneNumber::parse("+23480123456789"), Err(Invalid(NIGERIAN_LENGTH)));
        assert_eq!(PhoneNumber::parse("+44123456789012345678"), Err(Invalid(TOO_LONG)));
        assert_eq!(PhoneNumber::parse("+447911123456").map(|p| p.0), Ok("+447911123456".into()));
    }

    #[test]
    fn login_accepts_local_and_international_forms_of_one_number() {
        let want = Some("+2348012345678".to_string());
        for typed in ["08012345678", "2348012345678", "+2348012345678", "0801 234 5678"] {
            assert_eq!(PhoneNumber::from_login(typed).map(|p| p.0), want, "{typed}");
        }
        assert_eq!(PhoneNumber::from_login("ada@example.com"), None);
    }

    #[test]
    fn a_player_is_eighteen_on_the_birthday_not_the_day_before() {
        let today = day("2026-11-22");
        assert!(DateOfBirth::parse("2008-11-22", today).is_ok());
        assert_eq!(DateOfBirth::parse("2008-11-23", today), Err(Invalid("You must be at least 18 years old")));
        assert!(DateOfBirth::parse("2008-13-01", today).is_err());
        assert!(DateOfBirth::parse("1990-05-17T00:00:00.000Z", today).is_ok());
    }

    #[test]
    fn passwords_need_six_characters() {
        assert_eq!(Password::parse("12345").err(), Some(Invalid("Password must be upto 6 characters")));
        assert!(Password::parse("123456").is_ok());
        assert!(Password::parse(&"x".repeat(129)).is_err());
    }
}
