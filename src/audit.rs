//! Writing the audit log from the edge: one call per admin action or security event.

use actix_web::HttpRequest;
use chrono::Utc;

use ayo_data::activity::Activity;
use ayo_data::user::User;

use crate::state::AppState;

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
        let activity = Activity {
            id: 0,
            at: Utc::now(),
            actor_id: actor.map(|u| u.id),
            actor_email: actor.map(|u| u.email.clone()),
            action: action.to_string(),
            target,
            ip: req.map(crate::routes::client_ip),
            detail: detail.into(),
        };
        if let Err(e) = self.store.activities.record(activity) {
            tracing::error!(action, error = %e, "could not write the audit log");
        }
    }
}
