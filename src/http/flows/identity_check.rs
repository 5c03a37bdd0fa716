//! The identity check itself (decision 024): ask the provider whose name is on the number, compare it with the
//! player's registered name and, when they have one, their payout account's name, and record the outcome.
//!
//! A clear match on every pair verifies the player. Anything else (a mismatch, or a comparison `name_match` is
//! unsure of) goes to the admins' review queue in /boss; the player sees "under review". A payout account added or
//! replaced later is compared with the name on the NIN again, when it is saved and at each withdrawal: a new name
//! that does not clearly match sends a verified player back to review.

use actix_web::HttpRequest;
use chrono::Utc;

use ayo_data::bank_account::BankAccount;
use ayo_data::identity::{IdNumber, Identity, IdentityStatus};
use ayo_data::name_match::{self, NameMatch, Verdict};
use ayo_data::user::User;

use crate::error::ApiError;
use crate::http::state::AppState;
use crate::identity::IdentityError;

/// Compares the name on the NIN with the player's name and the payout account's name (when there is one).
pub fn compare_names(name_on_id: &str, player_name: &str, account_name: Option<&str>) -> NameMatch {
    // Each reason says which pair it is about, for the admin who reviews it.
    let labelled = |label: &str, mut m: NameMatch| {
        m.reason = format!("{label}: {}", m.reason);
        m
    };
    let registered = labelled("Registered name vs NIN", name_match::compare(player_name, name_on_id));
    let account = account_name.map(|a| labelled("NIN vs payout account", name_match::compare(name_on_id, a)));
    name_match::worst([Some(registered.clone()), account].into_iter().flatten()).unwrap_or(registered)
}

/// What the player is told about their check.
pub fn message(identity: Option<&Identity>) -> String {
    match identity.map(|i| i.status) {
        None | Some(IdentityStatus::None) => {
            "Verify your NIN before your first withdrawal. We check it with the national identity register.".into()
        }
        Some(IdentityStatus::Verified) => "Your NIN is verified.".into(),
        Some(IdentityStatus::Review) => identity.map_or_else(String::new, review_message),
        Some(IdentityStatus::Rejected) => {
            let why = identity.and_then(|i| i.decision_reason.clone()).unwrap_or_default();
            format!("We could not verify your identity: {why}. You can try again with your own NIN.")
        }
    }
}

/// Under review: which of the player's names the NIN's does not clearly match, and what to do. The name on the NIN
/// itself is never said: the player typed a number, and the register's name for it is not theirs to learn from us
/// (a stream of guesses would otherwise read names off the register).
fn review_message(identity: &Identity) -> String {
    let mut differs = Vec::new();
    if name_match::compare(&identity.player_name, &identity.name_on_id).verdict != Verdict::Match {
        differs.push(format!("your name on Ayo Lotto ({})", identity.player_name));
    }
    let account = identity.account_name.as_deref();
    if let Some(account) = account.filter(|a| name_match::compare(&identity.name_on_id, a).verdict != Verdict::Match) {
        differs.push(format!("your bank account's name ({account})"));
    }
    let which = if differs.is_empty() { "the names we hold for you".to_string() } else { differs.join(" or ") };
    let next = if differs.iter().any(|d| d.starts_with("your bank")) {
        "If the bank account is not in your own name, replace it with one that is."
    } else {
        "There is nothing more for you to do."
    };
    format!(
        "The name on your NIN does not clearly match {which}, so one of our team will check them. This usually takes \
         less than a day. {next}"
    )
}

/// Checks a number for `user` and records the outcome. Refuses a new check while one is verified or under review.
pub async fn submit(state: &AppState, req: &HttpRequest, user: &User, number: IdNumber) -> Result<Identity, ApiError> {
    let previous = state.store.identities.get(user.id)?;
    match previous.as_ref().map(|i| i.status) {
        Some(IdentityStatus::Verified) => return Err(ApiError::Conflict("Your NIN is already verified".into())),
        Some(IdentityStatus::Review) => {
            return Err(ApiError::Conflict("Your NIN is being reviewed: we will let you know the outcome".into()))
        }
        _ => {}
    }
    let provider = &state.identity;
    let person = match provider.look_up(&number, &user.name).await {
        Ok(person) => person,
        Err(IdentityError::NotFound) => {
            let field = number.kind();
            let what = if field == "nin" { "NIN" } else { "virtual NIN" };
            return Err(ApiError::coded(
                field,
                format!("We could not find this {what} in the national identity register. Check it and try again."),
                "NIN_NOT_FOUND",
            ));
        }
        Err(IdentityError::Unavailable(why)) => {
            tracing::warn!(provider = provider.name(), error = %why, "identity provider unavailable");
            return Err(ApiError::GatewayUnavailable(
                "We could not reach the identity register to check your NIN. Please try again in a moment.".into(),
            ));
        }
    };
    let account = state.store.payments.bank_account(user.id)?;
    let name_on_id = person.full_name();
    let matched = compare_names(&name_on_id, &user.name, account.as_ref().map(|a| a.account_name.as_str()));
    let now = Utc::now();
    let identity = Identity {
        user_id: user.id,
        status: if matched.verdict == Verdict::Match { IdentityStatus::Verified } else { IdentityStatus::Review },
        kind: number.kind().into(),
        masked: number.masked(),
        sealed: state.store.identities.seal(&number),
        provider: provider.name().into(),
        name_on_id,
        player_name: user.name.clone(),
        account_name: account.map(|a| a.account_name),
        score: matched.score,
        match_reason: matched.reason,
        decided_by: None,
        decision_reason: None,
        submitted_at: now,
        updated_at: now,
    };
    state.store.identities.put(&identity)?;
    state.store.flush().await?;
    let detail = format!(
        "{} {} via {}: {} (score {})",
        identity.kind,
        identity.masked,
        identity.provider,
        status_name(identity.status),
        identity.score
    );
    state.audit(Some(req), Some(user), "identity.submitted", Some(format!("user:{}", user.id)), detail);
    Ok(identity)
}

pub fn status_name(status: IdentityStatus) -> &'static str {
    match status {
        IdentityStatus::None => "none",
        IdentityStatus::Verified => "verified",
        IdentityStatus::Review => "review",
        IdentityStatus::Rejected => "rejected",
    }
}

/// A payout account saved after the check: if its name is not the one the check covered and does not clearly match
/// the name on the NIN, a verified player goes back to review. Answers the record as it now stands.
pub async fn recheck_account(
    state: &AppState,
    req: Option<&HttpRequest>,
    user: &User,
    account: &BankAccount,
) -> Result<Option<Identity>, ApiError> {
    let Some(identity) = state.store.identities.get(user.id)? else { return Ok(None) };
    if identity.status != IdentityStatus::Verified || identity.account_name.as_deref() == Some(&account.account_name) {
        return Ok(Some(identity));
    }
    let matched = name_match::compare(&identity.name_on_id, &account.account_name);
    let new_name = account.account_name.clone();
    let verdict = matched.verdict;
    let updated = state.store.identities.decide(user.id, IdentityStatus::Verified, |i| {
        i.account_name = Some(new_name.clone());
        i.updated_at = Utc::now();
        if verdict != Verdict::Match {
            i.status = IdentityStatus::Review;
            i.score = matched.score;
            i.match_reason = format!("NIN vs payout account: {}", matched.reason);
            i.decided_by = None;
            i.decision_reason = None;
        }
    })?;
    state.store.flush().await?;
    if verdict != Verdict::Match {
        let detail = format!("payout account name does not clearly match the NIN (score {})", matched.score);
        state.audit(req, Some(user), "identity.account_recheck", Some(format!("user:{}", user.id)), detail);
    }
    Ok(updated.or(Some(identity)))
}

/// The rule before any withdrawal: a verified identity whose check covers the payout account's name (`account`, when
/// there is one). Otherwise `KYC_REQUIRED` with where the check stands.
pub async fn require_verified(
    state: &AppState,
    req: &HttpRequest,
    user: &User,
    account: Option<&BankAccount>,
) -> Result<(), ApiError> {
    let mut identity = state.store.identities.get(user.id)?;
    if let (Some(account), Some(_)) = (account, identity.as_ref().filter(|i| i.is_verified())) {
        identity = recheck_account(state, Some(req), user, account).await?;
    }
    let status = identity.as_ref().map_or(IdentityStatus::None, |i| i.status);
    let message = match status {
        IdentityStatus::Verified => return Ok(()),
        IdentityStatus::None => {
            "Verify your NIN before you withdraw: enter it on the Withdraw page (or your profile). It takes a moment."
                .to_string()
        }
        IdentityStatus::Review => {
            "Your identity check is being reviewed by our team: you can withdraw once it is approved.".to_string()
        }
        IdentityStatus::Rejected => format!("{} Then you can withdraw.", message(identity.as_ref())),
    };
    Err(ApiError::KycRequired { message, status: status_name(status) })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn under_review(player_name: &str, name_on_id: &str, account_name: Option<&str>) -> Identity {
        let now = Utc::now();
        Identity {
            user_id: 7,
            status: IdentityStatus::Review,
            kind: "nin".into(),
            masked: "*******1111".into(),
            sealed: None,
            provider: "sandbox".into(),
            name_on_id: name_on_id.into(),
            player_name: player_name.into(),
            account_name: account_name.map(str::to_string),
            score: 50,
            match_reason: String::new(),
            decided_by: None,
            decision_reason: None,
            submitted_at: now,
            updated_at: now,
        }
    }

    #[test]
    fn a_review_names_the_bank_accounts_name_when_that_is_what_differs_and_says_what_to_do() {
        let said = message(Some(&under_review("Ada Obi", "OBI ADA", Some("TUNDE OLADIPO"))));
        assert!(said.contains("your bank account's name (TUNDE OLADIPO)"), "{said}");
        assert!(!said.contains("your name on Ayo Lotto"), "{said}");
        assert!(said.contains("replace it with one that is"), "{said}");
    }

    #[test]
    fn a_review_names_the_registered_name_when_that_is_what_differs() {
        let said = message(Some(&under_review("Ada Obi", "CHIOMA EZE", None)));
        assert!(said.contains("your name on Ayo Lotto (Ada Obi)"), "{said}");
        assert!(said.contains("nothing more for you to do"), "{said}");
    }

    #[test]
    fn a_review_never_tells_the_player_the_registers_name_for_the_number_they_typed() {
        let said = message(Some(&under_review("Ada Obi", "CHIOMA EZE", Some("TUNDE OLADIPO"))));
        assert!(!said.to_uppercase().contains("CHIOMA") && !said.to_uppercase().contains("EZE"), "{said}");
    }
}
