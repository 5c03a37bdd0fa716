//! PostgreSQL, the cluster mode's system of record (issue 14; docs/decisions/029): connecting, the versioned
//! schema (`data/migrations/`), the typed tables (`tables`), the money
//! moves (`money`, and `blocking_money` for the WalletActor) and a draw's payout on it (`payout`), the draw lease with its fencing token (`lease`), the risk limits held across nodes (`risk`), how long a node waits on a bad link (`link`) and the
//! writes made under it (`draws`), rate-limit counters shared by every node (`rate`), and the store seam's
//! families (`meta`, `users`, `otps`, `payments`…) answered from PostgreSQL.

pub mod activities;
pub mod adjustments;
pub mod audit;
pub mod blocking;
pub mod blocking_money;
pub mod books;
pub mod draws;
mod error;
pub mod games;
pub mod identities;
pub mod lease;
pub mod link;
pub mod meta;
pub mod money;
pub mod notices;
pub mod otps;
mod pages;
pub mod payments;
pub mod payout;
mod purchase_batch;
pub mod rate;
pub mod responsible;
pub mod risk;
pub mod sandbox;
pub mod schema;
pub(crate) mod tables;
pub mod users;
pub mod witness;
mod writes;

pub use error::PgError;
pub use tokio_postgres::Client;

use crate::seal::{SecretSealer, SeedSealer};

/// Connects to `url` (`postgres://user@host:port/db`); the connection runs on the current tokio runtime.
pub async fn connect(url: &str) -> Result<Client, PgError> {
    let config = link::bounded(url.parse()?);
    let (client, connection) = config.connect(tokio_postgres::NoTls).await?;
    tokio::spawn(async move {
        if let Err(e) = connection.await {
            tracing::error!(error = %e, "the PostgreSQL connection ended");
        }
    });
    Ok(client)
}

/// Creates a new, empty database named `<prefix>_<random>` on the server `server_url` names (its user must be
/// allowed to create databases); answers the new database's URL. For tests, benchmarks and drills.
pub async fn new_database(server_url: &str, prefix: &str) -> Result<String, PgError> {
    let name = format!("{prefix}_{:016x}", rand::random::<u64>());
    connect(server_url).await?.batch_execute(&format!("CREATE DATABASE {name}")).await?;
    let base = server_url.rsplit_once('/').map_or(server_url, |(base, _)| base);
    Ok(format!("{base}/{name}"))
}

/// A cluster node's families of the store seam, each answered from the PostgreSQL at one URL.
pub struct Node {
    pub sync: blocking::PgSync,
    pub users: users::PgUsers,
    pub otps: otps::PgOtps,
    pub money: blocking_money::PgBlockingMoney,
    pub books: books::PgBooks,
    pub games: games::PgGames,
    pub meta: meta::PgMeta,
    pub activities: activities::PgActivities,
    pub adjustments: adjustments::PgAdjustments,
    pub notices: notices::PgNotices,
    pub payments: payments::PgPayments,
    pub responsible: responsible::PgResponsible,
    pub sandbox: sandbox::PgSandbox,
    pub witness: witness::PgWitnessPool,
    pub identities: identities::PgIdentities,
    pub risk: risk::PgRisk,
}

impl Node {
    /// Connects to `url` (`postgres://…`) and applies the migrations first; seeds and NINs sealed under `seed_key`,
    /// which every node must share. Blocks the calling thread while it connects.
    pub fn connect(url: &str, seed_key: &[u8]) -> crate::error::StoreResult<Self> {
        let sync = blocking::PgSync::connect(url)?;
        let money = blocking_money::PgBlockingMoney::start(sync.clone(), url)?;
        let games = games::PgGames::new(sync.clone(), Some(SeedSealer::new(seed_key)));
        games.bind_sealed_seeds_once()?;
        Ok(Self {
            users: users::PgUsers::new(sync.clone()),
            otps: otps::PgOtps::new(sync.clone()),
            books: books::PgBooks::new(sync.clone()),
            games,
            meta: meta::PgMeta::new(sync.clone()),
            activities: activities::PgActivities::new(sync.clone()),
            adjustments: adjustments::PgAdjustments::new(sync.clone()),
            notices: notices::PgNotices::new(sync.clone()),
            payments: payments::PgPayments::new(sync.clone()),
            responsible: responsible::PgResponsible::new(sync.clone()),
            sandbox: sandbox::PgSandbox::new(sync.clone()),
            witness: witness::PgWitnessPool::new(sync.clone()),
            identities: identities::PgIdentities::new(sync.clone(), SecretSealer::new(seed_key)),
            risk: risk::PgRisk::new(sync.clone(), money.engine().risk()),
            money,
            sync,
        })
    }
}
