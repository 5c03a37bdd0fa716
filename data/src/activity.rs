//! The audit log: every admin action and security event — who, what, target, when, from where. Append-only: the
//! store offers no way to change or delete an entry.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::user::UserId;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Activity {
    pub id: u64,
    pub at: DateTime<Utc>,
    /// Who did it: an account, or nobody known (a failed login for an unknown email, a forged webhook).
    pub actor_id: Option<UserId>,
    pub actor_email: Option<String>,
    /// Dotted name: `login.failed`, `login.locked`, `admin.role_denied`, `wallet.adjusted`, `webhook.forged`, …
    pub action: String,
    /// What it was done to: `user:7`, `draw:12`, `withdrawal:40`, …
    pub target: Option<String>,
    pub ip: Option<String>,
    pub detail: String,
}

impl Activity {
    /// An entry no account and no address caused (the server itself, or the operator at the host's command line),
    /// stamped now; the log gives it its id.
    pub fn unattended(action: &str, target: Option<String>, detail: String) -> Self {
        Self {
            id: 0,
            at: Utc::now(),
            actor_id: None,
            actor_email: None,
            action: action.into(),
            target,
            ip: None,
            detail,
        }
    }
}

/// What the witness does on every draw (commit, reveal, sign): routine entries an operator reading the log for
/// something that happened usually wants out of the way. Registering a key is rarer and stays visible.
pub const WITNESS_ROUTINE: [&str; 3] = ["witness.committed", "witness.revealed", "witness.signed"];

/// Which entries of the log to show (the back office's audit filters). Empty fields keep everything.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ActivityFilter {
    /// An action (`login.failed`) or a family of them (`login` keeps `login.failed` and `login.locked`).
    pub action: Option<String>,
    /// Part of the actor's email, lower case.
    pub actor: Option<String>,
    /// From this instant on (inclusive).
    pub since: Option<DateTime<Utc>>,
    /// Before this instant (exclusive).
    pub until: Option<DateTime<Utc>>,
    /// Leaves out `WITNESS_ROUTINE`.
    pub hide_routine: bool,
}

impl ActivityFilter {
    /// Whether the filter keeps every entry.
    pub fn keeps_all(&self) -> bool {
        *self == Self::default()
    }

    pub fn keeps(&self, a: &Activity) -> bool {
        self.action.as_deref().is_none_or(|wanted| in_family(&a.action, wanted))
            && self
                .actor
                .as_deref()
                .is_none_or(|part| a.actor_email.as_deref().is_some_and(|email| email.to_lowercase().contains(part)))
            && self.since.is_none_or(|since| a.at >= since)
            && self.until.is_none_or(|until| a.at < until)
            && !(self.hide_routine && WITNESS_ROUTINE.contains(&a.action.as_str()))
    }
}

/// `login.failed` is in `login.failed` and in the family `login`, not in `log`.
fn in_family(action: &str, wanted: &str) -> bool {
    action.strip_prefix(wanted).is_some_and(|rest| rest.is_empty() || rest.starts_with('.'))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    fn entry(action: &str, actor: Option<&str>, at: &str) -> Activity {
        Activity {
            at: DateTime::parse_from_rfc3339(at).unwrap().to_utc(),
            actor_email: actor.map(String::from),
            ..Activity::unattended(action, None, String::new())
        }
    }

    #[test]
    fn an_action_keeps_itself_and_its_family_only() {
        let filter = ActivityFilter { action: Some("login".into()), ..Default::default() };
        assert!(filter.keeps(&entry("login.failed", None, "2026-11-22T10:00:00Z")));
        assert!(filter.keeps(&entry("login", None, "2026-11-22T10:00:00Z")));
        assert!(!filter.keeps(&entry("logout", None, "2026-11-22T10:00:00Z")));
    }

    #[test]
    fn the_actor_is_any_part_of_the_email_and_nobody_matches_no_actor() {
        let filter = ActivityFilter { actor: Some("boss@".into()), ..Default::default() };
        assert!(filter.keeps(&entry("user.suspended", Some("Boss@AyoLotto.ng"), "2026-11-22T10:00:00Z")));
        assert!(!filter.keeps(&entry("user.suspended", None, "2026-11-22T10:00:00Z")));
    }

    #[test]
    fn the_window_takes_its_start_and_not_its_end_and_routine_witness_work_can_go() {
        let since = DateTime::parse_from_rfc3339("2026-11-22T00:00:00Z").unwrap().to_utc();
        let filter = ActivityFilter {
            since: Some(since),
            until: Some(since + chrono::Duration::days(1)),
            hide_routine: true,
            ..Default::default()
        };
        assert!(filter.keeps(&entry("witness.key_registered", None, "2026-11-22T00:00:00Z")));
        assert!(!filter.keeps(&entry("witness.signed", None, "2026-11-22T10:00:00Z")));
        assert!(!filter.keeps(&entry("draw.cancelled", None, "2026-11-23T00:00:00Z")));
        assert!(!filter.keeps(&entry("draw.cancelled", None, "2026-11-21T23:59:59Z")));
    }
}
