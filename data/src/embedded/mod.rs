//! The embedded engine: one sled database and its trees, one module per tree family, each implementing its family
//! of the store seam (`seam`). It knows nothing of PostgreSQL; `engine` chooses between the two.
//!
//! Values are JSON so that a field added later reads old records with its default. Every write that must survive a
//! crash is followed by `flush` before the caller acknowledges it (sled's own flush runs only every 500 ms).

mod activities;
mod adjustments;
mod audit;
mod backup;
mod cards;
mod codec;
mod flusher;
mod games;
mod identities;
mod keys;
mod listing;
mod meta;
mod money;
mod money_tally;
mod notices;
mod otps;
mod payments;
mod purchases;
mod responsible;
mod risk;
mod risk_seam;
mod sandbox;
mod tally;
mod upgrade;
mod users;
mod wallets;
mod whole;
mod witness;

use std::path::Path;
use std::sync::Arc;

use crate::error::{StoreError, StoreResult};
use crate::seal::{SecretSealer, SeedSealer};

pub use activities::ActivityStore;
pub use adjustments::AdjustmentStore;
pub use backup::Written;
pub use games::GameStore;
pub use identities::IdentityStore;
pub use meta::MetaStore;
pub use money::EmbeddedMoney;
pub use notices::NoticeStore;
pub use otps::OtpStore;
pub use payments::PaymentStore;
pub use responsible::ResponsibleStore;
pub use risk::RiskDesk;
pub use sandbox::SandboxStore;
pub use users::UserStore;
pub use wallets::WalletStore;
pub use witness::WitnessStore;

/// The embedded store's own parts, for what works on its trees (its audit, backups, `ayo migrate`, tests).
pub struct Embedded {
    db: sled::Db,
    flusher: flusher::Flusher,
    pub wallets: WalletStore,
    pub games: GameStore,
    pub witness: WitnessStore,
}

/// An opened embedded store: every family of the seam, and the parts only it has.
pub struct Opened {
    pub embedded: Embedded,
    pub users: UserStore,
    pub otps: OtpStore,
    pub money: EmbeddedMoney,
    pub wallets: WalletStore,
    pub games: GameStore,
    pub meta: MetaStore,
    pub activities: ActivityStore,
    pub adjustments: AdjustmentStore,
    pub notices: NoticeStore,
    pub payments: PaymentStore,
    pub responsible: ResponsibleStore,
    pub sandbox: SandboxStore,
    pub witness: WitnessStore,
    pub identities: IdentityStore,
}

/// Opens the database in `dir`; seeds sealed under `seed_key` when there is one (see `seal`), plain otherwise (for
/// tools and tests on stores of their own).
pub fn open(dir: &Path, seed_key: Option<&[u8]>) -> StoreResult<Opened> {
    let db = sled::Config::new().path(dir).open()?;
    match seed_key {
        Some(key) => opened(db, Some(SeedSealer::new(key)), Some(dir), SecretSealer::new(key)),
        None => opened(db, None, Some(dir), SecretSealer::ephemeral()),
    }
}

/// A throw-away database that lives in memory: for unit tests of the stores.
pub fn temporary() -> StoreResult<Opened> {
    opened(sled::Config::new().temporary(true).open()?, None, None, SecretSealer::ephemeral())
}

/// `dir`: where the database's files are (none for a temporary one), for the flusher's `fdatasync`. NINs are
/// sealed under `secrets`: the seed key in a server, a key kept nowhere in a store opened without one.
fn opened(db: sled::Db, sealer: Option<SeedSealer>, dir: Option<&Path>, secrets: SecretSealer) -> StoreResult<Opened> {
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
    Ok(Opened {
        users,
        otps,
        money: EmbeddedMoney { wallets: wallets.clone(), purchases },
        meta,
        activities,
        adjustments,
        notices,
        payments,
        responsible,
        sandbox,
        identities,
        embedded: Embedded { db, flusher, wallets: wallets.clone(), games: games.clone(), witness: witness.clone() },
        wallets,
        games,
        witness,
    })
}

impl Embedded {
    /// Writes a consistent copy of the whole store to `out` (see `backup`), while it keeps serving.
    pub fn snapshot(&self, out: impl std::io::Write) -> StoreResult<Written> {
        backup::snapshot(&self.db, out)
    }

    /// Brings a backup back into `dir`, which must not hold a database yet; answers the records restored. The copy's
    /// checksum is verified first; check its money with `audit` afterwards.
    pub fn restore(backup: impl std::io::Read, dir: &Path) -> StoreResult<u64> {
        if dir.exists() && std::fs::read_dir(dir).map(|mut d| d.next().is_some()).unwrap_or(true) {
            return Err(StoreError::Refused(format!(
                "{} already holds a database: restore into a new data directory",
                dir.display()
            )));
        }
        let db = sled::Config::new().path(dir).open()?;
        backup::load(backup, &db)
    }

    /// Makes every write so far durable (group commit: concurrent callers share one flush).
    pub async fn flush(&self) -> StoreResult<()> {
        self.flusher.flush().await
    }

    /// The flushes so far.
    pub fn flushes(&self) -> u64 {
        self.flusher.stats.flushes.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Flushes now, on this thread.
    pub fn flush_blocking(&self) -> StoreResult<()> {
        self.db.flush()?;
        Ok(())
    }
}
