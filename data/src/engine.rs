//! The choice between the two engines, the top of the storage floors: `Store` holds every family of the store seam
//! (`seam`) as answered by the embedded store (`embedded`, sled, one process) or by PostgreSQL (`pg`, a cluster
//! node, decision 029), and is the only module that knows both. Handlers and actors use its families and never ask
//! which engine answers; what only one engine can do (a backup of the embedded store's trees, a cluster node's
//! database) is asked for by name and refused by the other.

use std::path::Path;
use std::sync::Arc;

use crate::embedded::{self, Embedded, WalletStore};
use crate::error::{StoreError, StoreResult};
use crate::pg;
use crate::pg::blocking::PgSync;
use crate::seam;

/// The opened store, embedded (sled) or a cluster node's (PostgreSQL). Cheap to clone: handles are reference
/// counted.
#[derive(Clone)]
pub struct Store {
    engine: Engine,
    pub users: Arc<dyn seam::Users>,
    pub otps: Arc<dyn seam::Otps>,
    /// The WalletActor's money moves.
    pub money: Arc<dyn seam::Money>,
    /// Ids for tickets and ledger entries.
    pub ids: Arc<dyn seam::Ids>,
    /// The books as read (balances, tickets, the ledger, totals).
    pub books: Arc<dyn seam::Books>,
    pub games: Arc<dyn seam::Games>,
    pub meta: Arc<dyn seam::Meta>,
    pub activities: Arc<dyn seam::Activities>,
    pub adjustments: Arc<dyn seam::Adjustments>,
    pub notices: Arc<dyn seam::Notices>,
    pub payments: Arc<dyn seam::Payments>,
    pub responsible: Arc<dyn seam::Responsible>,
    pub sandbox: Arc<dyn seam::SandboxBooks>,
    pub witness: Arc<dyn seam::WitnessPool>,
    pub identities: Arc<dyn seam::Identities>,
    /// The risk desk's reads and the closed numbers (the limits hold inside `money`'s purchases).
    pub risk: Arc<dyn seam::Risk>,
}

/// Which engine keeps the records.
#[derive(Clone)]
enum Engine {
    Embedded(Arc<Embedded>),
    Cluster(PgSync),
}

impl Store {
    /// Opens a store whose seeds are written plain: for tools and tests on stores of their own. The server opens
    /// its store with `open_sealed`.
    pub fn open(dir: &Path) -> StoreResult<Self> {
        Ok(Self::embedded_from(embedded::open(dir, None)?))
    }

    /// Opens a store that seals every draw's seed under `seed_key` (see `seal`).
    pub fn open_sealed(dir: &Path, seed_key: &[u8]) -> StoreResult<Self> {
        Ok(Self::embedded_from(embedded::open(dir, Some(seed_key))?))
    }

    /// A throw-away database that lives in memory: for unit tests of the stores.
    pub fn temporary() -> StoreResult<Self> {
        Ok(Self::embedded_from(embedded::temporary()?))
    }

    /// A cluster node's store (decision 029): every family on the PostgreSQL at `url` (`postgres://…`), whose
    /// migrations are applied first; seeds and NINs sealed under `seed_key`, which every node must share. Blocks
    /// the calling thread while it connects.
    pub fn cluster(url: &str, seed_key: &[u8]) -> StoreResult<Self> {
        let node = pg::Node::connect(url, seed_key)?;
        Ok(Self {
            users: Arc::new(node.users),
            otps: Arc::new(node.otps),
            money: Arc::new(node.money),
            ids: Arc::new(node.sync.clone()),
            books: Arc::new(node.books),
            games: Arc::new(node.games),
            meta: Arc::new(node.meta),
            activities: Arc::new(node.activities),
            adjustments: Arc::new(node.adjustments),
            notices: Arc::new(node.notices),
            payments: Arc::new(node.payments),
            responsible: Arc::new(node.responsible),
            sandbox: Arc::new(node.sandbox),
            witness: Arc::new(node.witness),
            identities: Arc::new(node.identities),
            risk: Arc::new(node.risk),
            engine: Engine::Cluster(node.sync),
        })
    }

    fn embedded_from(opened: embedded::Opened) -> Self {
        Self {
            users: Arc::new(opened.users),
            otps: Arc::new(opened.otps),
            money: Arc::new(opened.money),
            books: Arc::new(opened.wallets.clone()),
            risk: Arc::new(opened.wallets.clone()),
            ids: Arc::new(opened.wallets),
            games: Arc::new(opened.games),
            meta: Arc::new(opened.meta),
            activities: Arc::new(opened.activities),
            adjustments: Arc::new(opened.adjustments),
            notices: Arc::new(opened.notices),
            payments: Arc::new(opened.payments),
            responsible: Arc::new(opened.responsible),
            sandbox: Arc::new(opened.sandbox),
            witness: Arc::new(opened.witness),
            identities: Arc::new(opened.identities),
            engine: Engine::Embedded(Arc::new(opened.embedded)),
        }
    }

    /// The embedded store's own parts; an error on a cluster node, whose records are PostgreSQL's.
    pub fn embedded(&self) -> StoreResult<&Embedded> {
        match &self.engine {
            Engine::Embedded(embedded) => Ok(embedded),
            Engine::Cluster(_) => Err(StoreError::Database(
                "this is a cluster node: its records are in PostgreSQL, not an embedded store".into(),
            )),
        }
    }

    /// The embedded store's wallets (tools and tests that work on its trees); an error on a cluster node.
    pub fn wallets(&self) -> StoreResult<&WalletStore> {
        self.embedded().map(|e| &e.wallets)
    }

    /// The cluster node's PostgreSQL, when this is one.
    pub fn cluster_database(&self) -> Option<&PgSync> {
        match &self.engine {
            Engine::Cluster(sync) => Some(sync),
            Engine::Embedded(_) => None,
        }
    }

    /// Checks the money invariants over the whole store (reads everything: an operator's tool, not a request).
    pub fn audit(&self) -> StoreResult<seam::AuditReport> {
        match &self.engine {
            Engine::Embedded(embedded) => embedded.audit(),
            Engine::Cluster(sync) => {
                sync.run(|pool| async move { Ok(pg::audit::audit(pool.get().await?.client()).await?) })
            }
        }
    }

    /// Writes a consistent copy of the whole store to `out` (see `embedded::Written`), while it keeps serving.
    pub fn snapshot(&self, out: impl std::io::Write) -> StoreResult<embedded::Written> {
        self.embedded()?.snapshot(out)
    }

    /// Brings a backup back into `dir`, which must not hold a database yet; answers the records restored. The copy's
    /// checksum is verified first; check its money with `audit` afterwards.
    pub fn restore(backup: impl std::io::Read, dir: &Path) -> StoreResult<u64> {
        Embedded::restore(backup, dir)
    }

    /// Buys a ticket in a transaction shared with the other purchases queued meanwhile (see `seam::Money::buy`);
    /// answers once it committed, before it is durable in the embedded store: flush before acknowledging it.
    pub fn buy(
        &self,
        purchase: seam::Purchase,
    ) -> impl std::future::Future<Output = StoreResult<seam::Bought>> + Send + 'static {
        self.money.buy(purchase)
    }

    /// Makes every write so far durable (group commit: concurrent callers share one flush). Nothing to do on a
    /// cluster node: PostgreSQL commits every write before it answers.
    pub async fn flush(&self) -> StoreResult<()> {
        match &self.engine {
            Engine::Embedded(embedded) => embedded.flush().await,
            Engine::Cluster(_) => Ok(()),
        }
    }

    /// The embedded store's flushes so far (none on a cluster node).
    pub fn flushes(&self) -> u64 {
        match &self.engine {
            Engine::Embedded(embedded) => embedded.flushes(),
            Engine::Cluster(_) => 0,
        }
    }

    pub fn flush_blocking(&self) -> StoreResult<()> {
        match &self.engine {
            Engine::Embedded(embedded) => embedded.flush_blocking(),
            Engine::Cluster(_) => Ok(()),
        }
    }
}
