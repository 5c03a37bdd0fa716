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
pub(crate) mod purchases;
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
use std::sync::Arc;

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

/// The opened store, embedded (sled) or a cluster node's (PostgreSQL). Cheap to clone: handles are reference
/// counted.
#[derive(Clone)]
pub struct Store {
    engine: Engine,
    pub users: Arc<dyn crate::seam::Users>,
    pub otps: Arc<dyn crate::seam::Otps>,
    /// The WalletActor's money moves.
    pub money: Arc<dyn crate::seam::Money>,
    /// Ids for tickets and ledger entries.
    pub ids: Arc<dyn crate::seam::Ids>,
    /// The books as read (balances, tickets, the ledger, totals).
    pub books: Arc<dyn crate::seam::WalletBooks>,
    pub games: Arc<dyn crate::seam::Games>,
    pub meta: Arc<dyn crate::seam::Meta>,
    pub activities: Arc<dyn crate::seam::Activities>,
    pub adjustments: Arc<dyn crate::seam::Adjustments>,
    pub notices: Arc<dyn crate::seam::Notices>,
    pub payments: Arc<dyn crate::seam::Payments>,
    pub responsible: Arc<dyn crate::seam::Responsible>,
    pub sandbox: Arc<dyn crate::seam::SandboxBooks>,
    pub witness: Arc<dyn crate::seam::WitnessPool>,
    pub identities: Arc<dyn crate::seam::Identities>,
}

/// Which engine keeps the records.
#[derive(Clone)]
enum Engine {
    Embedded(Arc<Embedded>),
    Cluster(crate::pg::blocking::PgSync),
}

/// The embedded store's own parts, for what works on its trees (its audit, backups, `ayo migrate`, tests).
pub struct Embedded {
    db: sled::Db,
    flusher: flusher::Flusher,
    pub wallets: WalletStore,
    games: GameStore,
    witness: WitnessStore,
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

    /// A cluster node's store (decision 029): every family on the PostgreSQL at `url` (`postgres://…`), whose
    /// migrations are applied first; seeds and NINs sealed under `seed_key`, which every node must share. Blocks
    /// the calling thread while it connects.
    pub fn cluster(url: &str, seed_key: &[u8]) -> StoreResult<Self> {
        use crate::pg;
        let sync = pg::blocking::PgSync::connect(url)?;
        let money = pg::moves::PgMoves::start(sync.clone(), url)?;
        let secrets = seal::SecretSealer::new(seed_key);
        Ok(Self {
            users: Arc::new(pg::users::PgUsers::new(sync.clone())),
            otps: Arc::new(pg::otps::PgOtps::new(sync.clone())),
            money: Arc::new(money),
            ids: Arc::new(sync.clone()),
            books: Arc::new(pg::books::PgBooks::new(sync.clone())),
            games: Arc::new(pg::games::PgGames::new(sync.clone(), Some(seal::SeedSealer::new(seed_key)))),
            meta: Arc::new(pg::meta::PgMeta::new(sync.clone())),
            activities: Arc::new(pg::activities::PgActivities::new(sync.clone())),
            adjustments: Arc::new(pg::adjustments::PgAdjustments::new(sync.clone())),
            notices: Arc::new(pg::notices::PgNotices::new(sync.clone())),
            payments: Arc::new(pg::payments::PgPayments::new(sync.clone())),
            responsible: Arc::new(pg::responsible::PgResponsible::new(sync.clone())),
            sandbox: Arc::new(pg::sandbox::PgSandbox::new(sync.clone())),
            witness: Arc::new(pg::witness::PgWitnessPool::new(sync.clone())),
            identities: Arc::new(pg::identities::PgIdentities::new(sync.clone(), secrets)),
            engine: Engine::Cluster(sync),
        })
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
        let flusher = flusher::Flusher::start(db.clone(), dir)?;
        let purchases = Arc::new(purchases::PurchaseQueue::start(wallets.clone())?);
        let activities = ActivityStore::open(&db)?;
        let adjustments = AdjustmentStore::open(&db, &wallets)?;
        let notices = NoticeStore::open(&db)?;
        let payments = PaymentStore::open(&db, &wallets)?;
        let responsible = ResponsibleStore::open(&db)?;
        let sandbox = SandboxStore::open(&db)?;
        let witness = WitnessStore::open(&db, &games)?;
        let identities = IdentityStore::open(&db, secrets)?;
        let meta_tree = db.open_tree("meta")?;
        upgrade::run(
            &db,
            &meta_tree,
            upgrade::Tallied { wallets: &wallets, games: &games, activities: &activities, users: &users },
        )?;
        Ok(Self {
            users: Arc::new(users),
            otps: Arc::new(otps),
            money: Arc::new(crate::seam::money::EmbeddedMoney { wallets: wallets.clone(), purchases }),
            books: Arc::new(wallets.clone()),
            ids: Arc::new(wallets.clone()),
            games: Arc::new(games.clone()),
            meta: Arc::new(meta),
            activities: Arc::new(activities),
            adjustments: Arc::new(adjustments),
            notices: Arc::new(notices),
            payments: Arc::new(payments),
            responsible: Arc::new(responsible),
            sandbox: Arc::new(sandbox),
            witness: Arc::new(witness.clone()),
            identities: Arc::new(identities),
            engine: Engine::Embedded(Arc::new(Embedded { db, flusher, wallets, games, witness })),
        })
    }

    /// The embedded store's own parts; an error on a cluster node, whose records are PostgreSQL's.
    pub fn embedded(&self) -> StoreResult<&Embedded> {
        match &self.engine {
            Engine::Embedded(embedded) => Ok(embedded),
            Engine::Cluster(_) => Err(error::StoreError::Database(
                "this is a cluster node: its records are in PostgreSQL, not an embedded store".into(),
            )),
        }
    }

    /// The embedded store's wallets (tools and tests that work on its trees); an error on a cluster node.
    pub fn wallets(&self) -> StoreResult<&WalletStore> {
        self.embedded().map(|e| &e.wallets)
    }

    /// The cluster node's PostgreSQL, when this is one.
    pub fn cluster_database(&self) -> Option<&crate::pg::blocking::PgSync> {
        match &self.engine {
            Engine::Cluster(sync) => Some(sync),
            Engine::Embedded(_) => None,
        }
    }

    /// The embedded store's games, for what works on its trees.
    pub(crate) fn sled_games(&self) -> StoreResult<&GameStore> {
        self.embedded().map(|e| &e.games)
    }

    /// The embedded store's witness pool, for `ayo migrate`.
    pub(crate) fn sled_witness(&self) -> StoreResult<&WitnessStore> {
        self.embedded().map(|e| &e.witness)
    }

    /// Writes a consistent copy of the whole store to `out` (see `backup`), while it keeps serving.
    pub fn snapshot(&self, out: impl std::io::Write) -> StoreResult<backup::Written> {
        backup::snapshot(&self.embedded()?.db, out)
    }

    /// Brings a backup back into `dir`, which must not hold a database yet; answers the records restored. The copy's
    /// checksum is verified first; check its money with `audit` afterwards.
    pub fn restore(backup: impl std::io::Read, dir: &Path) -> StoreResult<u64> {
        if dir.exists() && std::fs::read_dir(dir).map(|mut d| d.next().is_some()).unwrap_or(true) {
            return Err(error::StoreError::Refused(format!(
                "{} already holds a database: restore into a new data directory",
                dir.display()
            )));
        }
        let db = sled::Config::new().path(dir).open()?;
        backup::load(backup, &db)
    }

    /// Buys a ticket in a transaction shared with the other purchases queued meanwhile (see `seam::Money::buy`);
    /// answers once it committed, before it is durable in the embedded store: flush before acknowledging it.
    pub fn buy(&self, purchase: Purchase) -> impl std::future::Future<Output = StoreResult<Bought>> + Send + 'static {
        self.money.buy(purchase)
    }

    /// Makes every write so far durable (group commit: concurrent callers share one flush). Nothing to do on a
    /// cluster node: PostgreSQL commits every write before it answers.
    pub async fn flush(&self) -> StoreResult<()> {
        match &self.engine {
            Engine::Embedded(embedded) => embedded.flusher.flush().await,
            Engine::Cluster(_) => Ok(()),
        }
    }

    /// The embedded store's flushes so far (none on a cluster node).
    pub fn flushes(&self) -> u64 {
        match &self.engine {
            Engine::Embedded(embedded) => embedded.flusher.stats.flushes.load(std::sync::atomic::Ordering::Relaxed),
            Engine::Cluster(_) => 0,
        }
    }

    pub fn flush_blocking(&self) -> StoreResult<()> {
        if let Engine::Embedded(embedded) = &self.engine {
            embedded.db.flush()?;
        }
        Ok(())
    }
}
