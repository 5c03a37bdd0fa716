//! Before a bank account is saved: does the name the bank resolved clearly match the player? Compared with the name
//! on their NIN once they have checked one (the name that counts), else with their registered name.
//!
//! A payout account in someone else's name is how a stolen account is emptied, so an unclear match is never
//! refused outright (a bank may abbreviate, a player may have married) but it is said before saving, with both
//! names: saved, it sends the player's withdrawals to a person's review (`identity_check::recheck_account` and the
//! NIN check compare the same names with the same `name_match`).

use serde::Serialize;

use ayo_data::identity::Identity;
use ayo_data::name_match::{self, Verdict};

/// What the player is told about the resolved name, beside it, before they save.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PayoutNameCheck {
    /// `match`, `unsure` or `mismatch`.
    pub verdict: Verdict,
    /// The name it was compared with.
    pub compared_with: String,
    /// Whose name that is: `nin` (the name on their NIN) or `registered` (the name they signed up with).
    pub compared_with_kind: &'static str,
    /// Saving it sends the player's withdrawals to a person's review first.
    pub review_needed: bool,
    /// In words, for the player.
    pub message: String,
}

/// Compares `account_name` (as the bank resolved it) with the name that counts for the player: the name on their
/// NIN (`identity`) once checked, else `registered_name`.
pub fn check(registered_name: &str, identity: Option<&Identity>, account_name: &str) -> PayoutNameCheck {
    let (compared_with, kind, whose) = match identity.filter(|i| !i.name_on_id.trim().is_empty()) {
        Some(id) => (id.name_on_id.clone(), "nin", "the name on your NIN"),
        None => (registered_name.to_string(), "registered", "the name on your Ayo Lotto account"),
    };
    let verdict = name_match::compare(&compared_with, account_name).verdict;
    let message = match verdict {
        Verdict::Match => format!("The account name matches {whose}."),
        Verdict::Unsure | Verdict::Mismatch => format!(
            "The name on this account, {account_name}, does not clearly match {whose}, {compared_with}. You can \
             still save it, but then one of our team checks the names before your next withdrawal is paid \
             (usually within a day). An account in your own name avoids the wait."
        ),
    };
    PayoutNameCheck {
        verdict,
        compared_with,
        compared_with_kind: kind,
        review_needed: verdict != Verdict::Match,
        message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_account_in_the_players_own_name_matches_whatever_the_order_and_case() {
        let check = check("Ada Obi", None, "OBI ADA");
        assert_eq!(check.verdict, Verdict::Match);
        assert!(!check.review_needed);
        assert_eq!(check.compared_with_kind, "registered");
    }

    #[test]
    fn someone_elses_account_names_both_names_and_says_what_saving_it_means() {
        let check = check("Ada Obi", None, "TUNDE OLADIPO");
        assert_eq!(check.verdict, Verdict::Mismatch);
        assert!(check.review_needed);
        assert!(check.message.contains("TUNDE OLADIPO"), "{}", check.message);
        assert!(check.message.contains("Ada Obi"), "{}", check.message);
        assert!(check.message.contains("before your next withdrawal"), "{}", check.message);
    }
}
