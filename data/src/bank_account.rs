//! A player's bank account for withdrawals: one per player, replaceable.
//!
//! The number is checked here (bank known, 10 digits, NUBAN check digit where the bank's numbers follow it) before
//! the gateway is asked for the account name; the name the gateway resolves is what we store and show, read-only.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::banks::{self, Bank};
use crate::nuban::{self, NubanError};
use crate::user::UserId;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BankAccount {
    pub user_id: UserId,
    pub bank_code: String,
    pub bank_name: String,
    pub account_number: String,
    /// As the gateway resolved it.
    pub account_name: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// After the account is replaced, withdrawals wait until this time (24 hours), so a thief who changes it cannot
    /// empty the wallet before the player, who is emailed, can act.
    #[serde(default)]
    pub withdrawals_held_until: Option<DateTime<Utc>>,
}

/// How long withdrawals wait after the payout account is replaced.
pub const CHANGE_HOLD_HOURS: i64 = 24;

impl BankAccount {
    /// Whether a withdrawal must wait at `now`: the time it may be requested again.
    pub fn held_at(&self, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
        self.withdrawals_held_until.filter(|until| *until > now)
    }
}

/// Why a bank account was refused, naming the request field (`bank_code` or `account_number`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountRefused {
    pub field: &'static str,
    pub message: String,
}

/// Checks a bank code and account number as typed: the bank must be in the list, the number 10 digits, and, for
/// banks whose numbers are NUBANs (`nuban_check` in `banks.json`), its CBN check digit must match.
pub fn check(bank_code: &str, account_number: &str) -> Result<(Bank, String), AccountRefused> {
    let code = bank_code.trim();
    let number = account_number.trim();
    let refuse = |field, message: &str| AccountRefused { field, message: message.to_string() };
    if code.is_empty() {
        return Err(refuse("bank_code", "Choose your bank"));
    }
    let Some(bank) = banks::by_code(code) else {
        return Err(refuse("bank_code", "Choose a bank from the list"));
    };
    if number.is_empty() {
        return Err(refuse("account_number", "Enter your 10-digit account number"));
    }
    if !number.bytes().all(|b| b.is_ascii_digit()) {
        return Err(refuse("account_number", &NubanError::AccountNotDigits.to_string()));
    }
    if number.len() != nuban::ACCOUNT_LEN {
        return Err(refuse("account_number", &NubanError::AccountLength.to_string()));
    }
    if bank.nuban_check {
        nuban::validate(&bank.code, number).map_err(|e| refuse(e.field(), &e.to_string()))?;
    }
    Ok((bank, number.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_gtbank_nuban_passes_and_a_typo_names_the_account_number() {
        assert_eq!(check("058", " 0123456785 ").map(|(b, n)| (b.code, n)), Ok(("058".into(), "0123456785".into())));
        let typo = check("058", "0123456784").err();
        assert_eq!(typo.map(|e| e.field), Some("account_number"));
    }

    #[test]
    fn unknown_banks_and_malformed_numbers_are_refused() {
        assert_eq!(check("999", "0123456785").err().map(|e| e.field), Some("bank_code"));
        assert_eq!(check("", "0123456785").err().map(|e| e.field), Some("bank_code"));
        for bad in ["012345678", "01234567850", "01234 6785", ""] {
            assert_eq!(check("058", bad).err().map(|e| e.field), Some("account_number"), "{bad:?}");
        }
    }

    #[test]
    fn phone_based_wallet_numbers_skip_the_check_digit() {
        // OPay account numbers are the phone number without its leading zero: not NUBANs of OPay's listed code.
        assert!(nuban::validate("999992", "8012345678").is_err());
        assert!(check("999992", "8012345678").is_ok());
        assert!(check("999992", "801234567").is_err(), "still exactly 10 digits");
    }
}
