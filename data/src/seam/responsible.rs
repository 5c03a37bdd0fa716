//! Each player's responsible-gaming settings: deposit limits, pending raises, reality checks, exclusion.

use chrono::{DateTime, Utc};

use crate::error::StoreResult;
use crate::responsible::ResponsibleGaming;
use crate::user::UserId;

pub trait Responsible: Send + Sync {
    /// The settings as stored (pending changes not yet applied; use `ResponsibleGaming::at`).
    fn get(&self, user: UserId) -> StoreResult<ResponsibleGaming>;

    /// Writes settings as given. The API goes through `change`; tests use this to move a pending raise's time.
    fn put(&self, user: UserId, settings: &ResponsibleGaming) -> StoreResult<()>;

    /// Reads the settings in force at `now`, lets `f` change them, and writes the result atomically, whatever node
    /// changes them meanwhile (`f` may run again on the newer value). `f` answers whether to write; the settings
    /// written, if any.
    fn change_with(
        &self,
        user: UserId,
        now: DateTime<Utc>,
        f: &dyn Fn(&mut ResponsibleGaming) -> bool,
    ) -> StoreResult<Option<ResponsibleGaming>>;
}

impl dyn Responsible + '_ {
    /// The settings in force at `now`.
    pub fn at(&self, user: UserId, now: DateTime<Utc>) -> StoreResult<ResponsibleGaming> {
        Ok(self.get(user)?.at(now))
    }

    /// `change_with` for a change that answers a value or refuses: nothing is written when `f` refuses.
    pub fn change<T, E>(
        &self,
        user: UserId,
        now: DateTime<Utc>,
        f: impl Fn(&mut ResponsibleGaming) -> Result<T, E>,
    ) -> StoreResult<Result<(ResponsibleGaming, T), E>> {
        // The last run of `f` is the one whose settings were written (or that refused).
        let last = parking_lot::Mutex::new(None);
        let written = self.change_with(user, now, &|settings| {
            let outcome = f(settings);
            let write = outcome.is_ok();
            *last.lock() = Some(outcome);
            write
        })?;
        Ok(match (last.into_inner(), written) {
            (Some(Ok(value)), Some(settings)) => Ok((settings, value)),
            (Some(Err(refused)), _) => Err(refused),
            _ => return Err(crate::error::StoreError::Transaction("a settings change ran no change".into())),
        })
    }
}
