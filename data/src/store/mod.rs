//! The sled database and its trees, one module per tree family.
//!
//! Values are JSON so that a field added later reads old records with its default. Every write that must survive a
//! crash is followed by `flush` before the caller acknowledges it (sled's own flush runs only every 500 ms).

mod codec;
pub mod otps;
pub mod users;
pub mod wallets;

use std::path::Path;

use crate::error::StoreResult;

pub use otps::{OtpAction, OtpIssue, OtpPepper, OtpPurpose, OtpStore, OtpVerdict};
pub use users::{PlayerCounts, SignUp, UserStore};
pub use wallets::WalletStore;

/// The opened database. Cheap to clone: sled handles are reference counted.
#[derive(Clone)]
pub struct Store {
    db: sled::Db,
    pub users: UserStore,
    pub otps: OtpStore,
    pub wallets: WalletStore,
}

impl Store {
    pub fn open(dir: &Path) -> StoreResult<Self> {
        let db = sled::Config::new().path(dir).open()?;
        Self::from_db(db)
    }

    /// A throw-away database that lives in memory: for unit tests of the stores.
    pub fn temporary() -> StoreResult<Self> {
        Self::from_db(sled::Config::new().temporary(true).open()?)
    }

    fn from_db(db: sled::Db) -> StoreResult<Self> {
        let users = UserStore::open(&db)?;
        let otps = OtpStore::open(&db, users.clone())?;
        let wallets = WalletStore::open(&db)?;
        Ok(Self { db, users, otps, wallets })
    }

    /// Makes every write so far durable.
    pub async fn flush(&self) -> StoreResult<()> {
        self.db.flush_async().await?;
        Ok(())
    }

    pub fn flush_blocking(&self) -> StoreResult<()> {
        self.db.flush()?;
        Ok(())
    }
}
