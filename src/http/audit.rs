//! Writing the audit log from the edge: one call per admin action or security event.
//!
//! The log must not be a lever: details are cut to `crate::audit_detail::DETAIL_MAX` characters, and events an outsider can cause at will
//! (no signed-in actor, a refused role, a wrong password or code) are kept at `FLOODABLE_PER_SOURCE` a minute per
//! action and source and `FLOODABLE_PER_ACTION` a minute per action in all, so a script cannot fill the disk or bury
//! the entries that matter. Past either, the event goes to the process log only.

use actix_web::HttpRequest;
use chrono::Utc;

use ayo_data::activity::Activity;
use ayo_data::user::User;

use crate::audit_detail::clip;
use crate::http::state::AppState;
use crate::rate_limit::Limit;

const FLOODABLE_PER_SOURCE: Limit = Limit::per_minute(20);
const FLOODABLE_PER_ACTION: Limit = Limit::per_minute(600);
/// Actions a caller can repeat at will even with an account.
const FLOODABLE: [&str; 7] = [
    "admin.role_denied",
    "login.failed",
    "login.locked",
    "mfa.failed",
    "mfa.locked",
    "bank_account.password_failed",
    "mfa.enrolment_refused",
];

impl AppState {
    /// Records who did what to what, from where. A failure to write the log is itself logged, never hidden.
    pub fn audit(
        &self,
        req: Option<&HttpRequest>,
        actor: Option<&User>,
        action: &str,
        target: Option<String>,
        detail: impl Into<String>,
    ) {
        let ip = req.map(crate::http::state::client_ip);
        if (actor.is_none() || FLOODABLE.contains(&action)) && !self.audit_allowed(action, ip.as_deref()) {
            tracing::warn!(action, ip, "audit event not stored: too many of this kind");
            return;
        }
        let activity = Activity {
            id: 0,
            at: Utc::now(),
            actor_id: actor.map(|u| u.id),
            actor_email: actor.map(|u| u.email.clone()),
            action: action.to_string(),
            target: target.map(|t| clip(&t)),
            ip,
            detail: clip(&detail.into()),
        };
        if let Err(e) = self.store.activities.record(activity) {
            tracing::error!(action, error = %e, "could not write the audit log");
        }
    }

    fn audit_allowed(&self, action: &str, ip: Option<&str>) -> bool {
        let source = format!("audit:{action}@{}", ip.unwrap_or("-"));
        self.limiter.hit_here(&source, FLOODABLE_PER_SOURCE).is_ok()
            && self.limiter.hit_here(&format!("audit:{action}"), FLOODABLE_PER_ACTION).is_ok()
    }
}
