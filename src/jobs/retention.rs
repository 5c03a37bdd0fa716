//! The audit log's retention (`AYO_AUDIT_RETENTION_DAYS`): entries older than that many days are removed, oldest
//! first, at start and then every hour, and each removal is itself logged (`audit.pruned`). Unset, the log keeps
//! everything. Below a year the server refuses to start, so a typo cannot wipe the record a regulator may ask for.

use std::time::Duration;

use chrono::Utc;

use ayo_data::activity::Activity;
use ayo_data::Store;

/// The shortest retention accepted, in days.
pub const MIN_DAYS: u32 = 365;
const EVERY: Duration = Duration::from_secs(3600);

/// Removes the entries older than `days`; answers how many went, and logs it when any did.
pub fn prune(store: &Store, days: u32) -> anyhow::Result<u64> {
    let cutoff = Utc::now() - chrono::Duration::days(i64::from(days.max(MIN_DAYS)));
    let removed = store.activities.prune_before(cutoff)?;
    if removed > 0 {
        tracing::info!(removed, days, "audit log pruned");
        store.activities.record(Activity::unattended(
            "audit.pruned",
            None,
            format!("{removed} entries older than {days} days removed (AYO_AUDIT_RETENTION_DAYS)"),
        ))?;
    }
    Ok(removed)
}

/// Prunes at start and every hour after, off the async workers.
pub fn start(store: Store, days: u32) {
    actix_web::rt::spawn(async move {
        let mut tick = actix_web::rt::time::interval(EVERY);
        loop {
            tick.tick().await;
            let store = store.clone();
            match actix_web::rt::task::spawn_blocking(move || prune(&store, days)).await {
                Ok(Err(e)) => tracing::error!(error = %e, "pruning the audit log failed"),
                Err(e) => tracing::error!(error = %e, "pruning the audit log panicked"),
                Ok(Ok(_)) => {}
            }
        }
    });
}
