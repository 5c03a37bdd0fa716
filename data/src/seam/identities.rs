//! Identity checks, one record per player, and the admins' review queue (the records in review, oldest player
//! first). The NIN is sealed, never written plain: the caller hands over the number and gets back only the masked
//! form and the sealed text (`store::seal::SecretSealer`, under the key every node shares).

use super::listing::{Page, Slice};
use crate::error::StoreResult;
use crate::identity::{IdNumber, Identity, IdentityStatus};
use crate::seal::SecretSealer;
use crate::user::UserId;

pub trait Identities: Send + Sync {
    fn get(&self, user: UserId) -> StoreResult<Option<Identity>>;

    /// Writes a record (and so puts it in the review queue, or takes it out, by its status).
    fn put(&self, identity: &Identity) -> StoreResult<()>;

    /// Changes a record only if it is still in `expected` status (two admins deciding the same review: one wins).
    fn decide_with(
        &self,
        user: UserId,
        expected: IdentityStatus,
        f: &dyn Fn(&mut Identity),
    ) -> StoreResult<Option<Identity>>;

    /// The review queue, oldest first by player id, and its length.
    fn reviews(&self, slice: Slice) -> StoreResult<Page<Identity>>;

    /// What seals and opens NINs.
    fn sealer(&self) -> &SecretSealer;
}

impl dyn Identities + '_ {
    /// `decide_with` for any closure.
    pub fn decide(
        &self,
        user: UserId,
        expected: IdentityStatus,
        f: impl Fn(&mut Identity),
    ) -> StoreResult<Option<Identity>> {
        self.decide_with(user, expected, &f)
    }

    /// The number in the form to store: a NIN sealed, a vNIN not at all (NIMC: never stored).
    pub fn seal(&self, number: &IdNumber) -> Option<String> {
        match number {
            IdNumber::Nin(nin) => Some(self.sealer().seal(nin.as_bytes())),
            IdNumber::Vnin(_) => None,
        }
    }

    /// The NIN a record holds, opened: for a re-check with the provider, never for display.
    pub fn open_nin(&self, identity: &Identity) -> StoreResult<Option<String>> {
        identity
            .sealed
            .as_deref()
            .map(|s| self.sealer().open(s).map(|b| String::from_utf8_lossy(&b).into_owned()))
            .transpose()
    }
}
