//! The sled database and its trees, one module per tree family.
//!
//! Values are JSON so that a field added later reads old records with its default. Every write that must survive a
//! crash is followed by `flush` before the caller acknowledges it (sled's own flush runs only every 500 ms).

pub mod activities;
pub mod adjustments;
pub mod audit;
pub mod backup;
mod cards;
mod codec;
pub mod flusher;
pub mod games;
pub mod identities;
mod keys;
pub mod listing;
pub mod meta;
mod money_tally;
pub mod notices;
pub mod otps;
pub mod payments;
mod purchases;
pub mod responsible;
pub mod sandbox;
pub mod seal;
mod tally;
mod upgrade;
pub mod users;
pub mod wallets;
mod whole;
pub mod witness;

use std::path::Path;

use crate::error::{self, StoreResult};

pub use activities::ActivityStore;
pub use adjustments::AdjustmentStore;
pub use games::GameStore;
pub use identities::IdentityStore;
pub use listing::{Page, Slice};
pub use meta::MetaStore;
pub use money_tally::{lagos_day, MoneyDay};
pub use notices::NoticeStore;
pub use otps::{OtpAction, OtpIssue, OtpPepper, OtpPurpose, OtpStore, OtpVerdict};
pub use payments::{CreditRefused, PaymentStore, WithdrawalRefused};
pub use purchases::Bought;
pub use responsible::ResponsibleStore;
pub use sandbox::{SandboxCharge, SandboxStore, SandboxTransfer};
pub use users::{PlayerCounts, SignUp, UserStore};
pub use wallets::{back_to, Moved, Outcome, PlayerSettlement, Purchase, PurchaseError, WalletStore};
pub use witness::{PooledCommitment, WitnessStore};

/// The opened database. Cheap to clone: sled handles are reference counted.
#[derive(Clone)]
pub struct Store {
    db: sled::Db,
    flusher: std::sync::Arc<flusher::Flusher>,
    purchases: std::sync::Arc<purchases::PurchaseQueue>,
    pub users: std::sync::Arc<dyn crate::seam::Users>,
    pub otps: std::sync::Arc<dyn crate::seam::Otps>,
    pub wallets: WalletStore,
    /// Ids for tickets and ledger entries.
    pub ids: std::sync::Arc<dyn crate::seam::Ids>,
    /// The books as read (balances, tickets, the ledger, totals): `wallets`'s own in the embedded store.
    pub books: std::sync::Arc<dyn crate::seam::WalletBooks>,
    pub games: std::sync::Arc<dyn crate::seam::Games>,
    /// The same games as the embedded store's own, for what reads its trees directly (wallets, upgrades, audits,
    /// `ayo migrate`).
    sled_games: GameStore,
    pub meta: std::sync::Arc<dyn crate::seam::Meta>,
    pub activities: std::sync::Arc<dyn crate::seam::Activities>,
    pub adjustments: std::sync::Arc<dyn crate::seam::Adjustments>,
    pub notices: std::sync::Arc<dyn crate::seam::Notices>,
    pub payments: std::sync::Arc<dyn crate::seam::Payments>,
    pub responsible: std::sync::Arc<dyn crate::seam::Responsible>,
    pub sandbox: std::sync::Arc<dyn crate::seam::SandboxBooks>,
    pub witness: std::sync::Arc<dyn crate::seam::WitnessPool>,
    sled_witness: WitnessStore,
    pub identities: std::sync::Arc<dyn crate::seam::Identities>,
}

impl Store {
    /// Opens a store whose seeds are written plain: for tools and tests on stores of their own. The server opens
    /// its store with `open_sealed`.
    pub fn open(dir: &Path) -> StoreResult<Self> {
        let db = sled::Config::new().path(dir).open()?;
        Self::from_db(db, None, Some(dir), seal::SecretSealer::ephemeral())
    }

    /// Opens a store that seals every draw's seed under `seed_key` (see `seal`).
    pub fn open_sealed(dir: &Path, seed_key: &[u8]) -> StoreResult<Self> {
        let db = sled::Config::new().path(dir).open()?;
        Self::from_db(db, Some(seal::SeedSealer::new(seed_key)), Some(dir), seal::SecretSealer::new(seed_key))
    }

    /// A throw-away database that lives in memory: for unit tests of the stores.
    pub fn temporary() -> StoreResult<Self> {
        Self::from_db(sled::Config::new().temporary(true).open()?, None, None, seal::SecretSealer::ephemeral())
    }

    /// `dir`: where the database's files are (none for a temporary one), for the flusher's `fdatasync`. NINs are
    /// sealed under `secrets`: the seed key in a server, a key kept nowhere in a store opened without one.
    fn from_db(
        db: sled::Db,
        sealer: Option<seal::SeedSealer>,
        dir: Option<&Path>,
        secrets: seal::SecretSealer,
    ) -> StoreResult<Self> {
        let users = UserStore::open(&db)?;
        let otps = OtpStore::open(&db, users.clone())?;
        let games = GameStore::open(&db, sealer)?;
        let meta = MetaStore::open(&db)?;
        let wallets = WalletStore::open(&db, &games)?;
        let flusher = std::sync::Arc::new(flusher::Flusher::start(db.clone(), dir)?);
        let purchases = std::sync::Arc::new(purchases::PurchaseQueue::start(wallets.clone())?);
        let activities = ActivityStore::open(&db)?;
        let adjustments = AdjustmentStore::open(&db)?;
        let notices = NoticeStore::open(&db)?;
        let payments = PaymentStore::open(&db, &wallets)?;
        let responsible = ResponsibleStore::open(&db)?;
        let sandbox = SandboxStore::open(&db)?;
        let witness = WitnessStore::open(&db)?;
        let identities = IdentityStore::open(&db, secrets)?;
        let meta_tree = db.open_tree("meta")?;
        upgrade::run(&db, &meta_tree, upgrade::Tallied { wallets: &wallets, games: &games, activities: &activities })?;
        Ok(Self {
            db,
            flusher,
            purchases,
            users: std::sync::Arc::new(users),
            otps: std::sync::Arc::new(otps),
            books: std::sync::Arc::new(wallets.clone()),
            ids: std::sync::Arc::new(wallets.clone()),
            wallets,
            games: std::sync::Arc::new(games.clone()),
            sled_games: games,
            meta: std::sync::Arc::new(meta),
            activities: std::sync::Arc::new(activities),
            adjustments: std::sync::Arc::new(adjustments),
            notices: std::sync::Arc::new(notices),
            payments: std::sync::Arc::new(payments),
            responsible: std::sync::Arc::new(responsible),
            sandbox: std::sync::Arc::new(sandbox),
            witness: std::sync::Arc::new(witness.clone()),
            sled_witness: witness,
            identities: std::sync::Arc::new(identities),
        })
    }

    /// The embedded store's games, for what works on its trees.
    pub(crate) fn sled_games(&self) -> &GameStore {
        &self.sled_games
    }

    /// The embedded store's witness pool, for `ayo migrate`.
    pub(crate) fn sled_witness(&self) -> &WitnessStore {
        &self.sled_witness
    }

    /// Writes a consistent copy of the whole store to `out` (see `backup`), while it keeps serving.
    pub fn snapshot(&self, out: impl std::io::Write) -> StoreResult<backup::Written> {
        backup::snapshot(&self.db, out)
    }

    /// Brings a backup back into `dir`, which must not hold a database yet; answers the records restored. The copy's
    /// checksum is verified first; check its money with `audit` afterwards.
    pub fn restore(backup: impl std::io::Read, dir: &Path) -> StoreResult<u64> {
        if dir.exists() && std::fs::read_dir(dir).map(|mut d| d.next().is_some()).unwrap_or(true) {
            return Err(error::StoreError::Corrupt {
                tree: "backup",
                detail: format!("{} is not empty: restore into a new directory", dir.display()),
            });
        }
        let db = sled::Config::new().path(dir).open()?;
        backup::load(backup, &db)
    }

    /// Buys a ticket in a transaction shared with the other purchases queued meanwhile (see `purchases`); answers
    /// once it committed, before it is durable: flush before acknowledging it.
    pub fn buy(&self, purchase: Purchase) -> impl std::future::Future<Output = StoreResult<Bought>> + 'static {
        self.purchases.buy(purchase)
    }

    /// Makes every write so far durable (group commit: concurrent callers share one flush).
    pub async fn flush(&self) -> StoreResult<()> {
        self.flusher.flush().await
    }

    pub fn flush_stats(&self) -> &flusher::FlushStats {
        &self.flusher.stats
    }

    pub fn flush_blocking(&self) -> StoreResult<()> {
        self.db.flush()?;
        Ok(())
    }
}
