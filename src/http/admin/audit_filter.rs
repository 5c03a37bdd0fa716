//! The audit log's filters (`GET /admin/activities?action=&actor=&from=&to=&hide_routine=`): read from the query
//! into the store's `ActivityFilter`, each bad value answered 422 naming its parameter. Days are Lagos calendar
//! days, as the back office shows every time (docs/product.md).

use chrono::NaiveDate;
use serde::Deserialize;
use utoipa::IntoParams;

use ayo_data::activity::ActivityFilter;
use ayo_data::lagos::lagos_midnight;

use crate::error::{ApiError, FieldErrors};

/// The longest action name the log writes is well under this; anything longer is not an action.
const ACTION_MAX: usize = 64;
/// An email address is at most 254 characters (RFC 5321).
const ACTOR_MAX: usize = 254;

#[derive(Debug, Deserialize, Default, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct AuditQuery {
    /// An action (`login.failed`) or its family (`login`).
    #[param(example = "login.failed")]
    pub action: Option<String>,
    /// Part of the actor's email, any case.
    pub actor: Option<String>,
    /// Inclusive, a Lagos calendar day `YYYY-MM-DD`.
    #[param(format = Date)]
    pub from: Option<String>,
    /// Inclusive, a Lagos calendar day `YYYY-MM-DD`, not before `from`.
    #[param(format = Date)]
    pub to: Option<String>,
    /// `true` leaves out the witness's routine entries (commitments, reveals, signatures of each draw).
    #[param(value_type = Option<bool>)]
    pub hide_routine: Option<String>,
}

fn wanted(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

impl AuditQuery {
    pub fn filter(&self) -> Result<ActivityFilter, ApiError> {
        let mut errors = FieldErrors::default();
        let action = wanted(&self.action).map(str::to_lowercase);
        let named = |a: &str| {
            a.len() <= ACTION_MAX
                && a.split('.').all(|part| !part.is_empty())
                && a.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'.')
        };
        if action.as_deref().is_some_and(|a| !named(a)) {
            errors.push("action", "action is a name like login.failed, or its first part like login".into());
        }
        let actor = wanted(&self.actor).map(str::to_lowercase);
        if actor.as_deref().is_some_and(|a| a.chars().count() > ACTOR_MAX) {
            errors.push("actor", format!("actor is part of an email address, at most {ACTOR_MAX} characters"));
        }
        let mut day = |field: &str, value: &Option<String>| {
            let raw = wanted(value)?;
            NaiveDate::parse_from_str(raw, "%Y-%m-%d")
                .map_err(|_| errors.push(field, format!("{field} is a date like 2026-01-31")))
                .ok()
        };
        let (from, to) = (day("from", &self.from), day("to", &self.to));
        if let (Some(from), Some(to)) = (from, to) {
            if to < from {
                errors.push("to", "to is on or after from".into());
            }
        }
        let hide_routine = match wanted(&self.hide_routine) {
            None | Some("false" | "0") => false,
            Some("true" | "1") => true,
            Some(_) => {
                errors.push("hide_routine", "hide_routine is true or false".into());
                false
            }
        };
        errors.finish()?;
        Ok(ActivityFilter {
            action,
            actor,
            since: from.map(lagos_midnight),
            until: to.and_then(|day| day.succ_opt()).map(lagos_midnight),
            hide_routine,
        })
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    fn query(pairs: &[(&str, &str)]) -> AuditQuery {
        let text = pairs.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("&");
        actix_web::web::Query::<AuditQuery>::from_query(&text).unwrap().into_inner()
    }

    #[test]
    fn days_are_whole_lagos_days_and_names_are_read_in_lower_case() {
        let filter = query(&[("from", "2026-11-22"), ("to", "2026-11-22"), ("action", "Login"), ("actor", " Boss@ ")])
            .filter()
            .unwrap();
        assert_eq!(filter.since.unwrap().to_rfc3339(), "2026-11-21T23:00:00+00:00");
        assert_eq!(filter.until.unwrap().to_rfc3339(), "2026-11-22T23:00:00+00:00");
        assert_eq!((filter.action.as_deref(), filter.actor.as_deref()), (Some("login"), Some("boss@")));
        assert!(!filter.hide_routine);
        assert!(query(&[]).filter().unwrap().keeps_all());
    }
}
