//! PostgreSQL behind the store's synchronous domain API (decision 032): the records that are not money (users,
//! codes, games and draws, the installation's facts…) are read and written through the same blocking calls as the
//! embedded store's, so no handler or actor changes with the engine. A node keeps one small runtime of its own for
//! them, with a pool of connections; a call hands its work to that runtime and waits for the answer on its own
//! thread, whatever runtime (or none) that thread belongs to.

use std::future::Future;
use std::sync::Arc;

use deadpool_postgres::{Object, Pool, PoolError};
use tokio_postgres::types::ToSql;
use tokio_postgres::Row;

use super::error::PgError;
use super::schema;
use crate::error::{StoreError, StoreResult};

/// Ids a node takes from the `ids` sequence at a time: the sequence's step.
const ID_BLOCK: u64 = 1_000;
/// Connections a node keeps for the blocking calls.
const CONNECTIONS: usize = 8;

/// One node's blocking handle on PostgreSQL. Cheap to clone.
#[derive(Clone)]
pub struct PgSync {
    runtime: Arc<Runtime>,
    pool: Pool,
    /// Ids taken from the database's sequence and not handed out yet (see `next_id`).
    ids: Arc<parking_lot::Mutex<std::ops::Range<u64>>>,
}

/// The runtime, shut down without waiting when the last handle goes (dropping a runtime inside another one's task
/// would panic).
struct Runtime(Option<tokio::runtime::Runtime>);

impl Drop for Runtime {
    fn drop(&mut self) {
        if let Some(runtime) = self.0.take() {
            runtime.shutdown_background();
        }
    }
}

impl PgSync {
    /// Connects to `url` (`postgres://…`) and applies the schema's migrations. Blocks the calling thread.
    pub fn connect(url: &str) -> Result<Self, PgError> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("ayo-pg")
            .enable_all()
            .build()
            .map_err(|e| PgError::Pool(e.to_string()))?;
        let pool = super::link::pool(url, CONNECTIONS)?;
        let sync = Self { runtime: Arc::new(Runtime(Some(runtime))), pool, ids: Arc::default() };
        sync.run(|pool| async move {
            let mut client = pool.get().await.map_err(|e| PgError::Pool(e.to_string()))?;
            schema::apply(&mut client).await
        })
        .map_err(|e| PgError::Pool(e.to_string()))?;
        Ok(sync)
    }

    /// Runs `work` with a pool of connections on this node's PostgreSQL runtime and waits for its answer.
    pub fn run<T, F>(&self, work: impl FnOnce(Conns) -> F) -> StoreResult<T>
    where
        T: Send + 'static,
        F: Future<Output = Result<T, PgError>> + Send + 'static,
    {
        let work = work(Conns(self.pool.clone()));
        self.block_on(async move { work.await.map_err(|e| StoreError::Database(e.to_string())) })
    }

    /// Runs `work` on this node's PostgreSQL runtime (where what it spawns lives on) and waits for its answer.
    pub fn block_on<T: Send + 'static>(
        &self,
        work: impl Future<Output = StoreResult<T>> + Send + 'static,
    ) -> StoreResult<T> {
        let Some(runtime) = self.runtime.0.as_ref() else { return Err(gone()) };
        let (answer, answered) = std::sync::mpsc::sync_channel(1);
        runtime.spawn(async move {
            let _ = answer.send(work.await);
        });
        answered.recv().map_err(|_| gone())?
    }
}

impl PgSync {
    /// A fresh id for a record of any family: unique across nodes (each node takes a block of the `ids` sequence,
    /// which steps by `ID_BLOCK`, migration 0002) and increasing within a node.
    pub fn next_id(&self) -> StoreResult<u64> {
        let mut ids = self.ids.lock();
        if ids.is_empty() {
            // Each `nextval` reserves the `ID_BLOCK` ids up to the value it answers (the sequence steps by as many).
            let last: i64 =
                self.run(
                    |pool| async move { Ok(pool.get().await?.query_one("SELECT nextval('ids')", &[]).await?.get(0)) },
                )?;
            let last = u64::try_from(last).map_err(|_| StoreError::Database(format!("id block ending {last}")))?;
            *ids = last + 1 - ID_BLOCK..last + 1;
        }
        ids.next().ok_or_else(|| StoreError::Database("no id left in a fresh block".into()))
    }
}

/// The node's connections as `run` hands them out.
#[derive(Clone)]
pub struct Conns(Pool);

impl Conns {
    pub async fn get(&self) -> Result<Conn, PoolError> {
        Ok(Conn(self.0.get().await?))
    }

    /// The pool itself, for what takes one.
    pub fn pool(&self) -> &Pool {
        &self.0
    }
}

/// One connection whose `query`, `query_opt`, `query_one` and `execute` prepare each statement once per connection
/// and reuse it (tokio-postgres otherwise parses and plans the SQL text at every call: on the hot reads, most of
/// PostgreSQL's work). Every SQL text here is fixed or one of a few variants, values always parameters, so the
/// cache stays small. Everything else is the connection's own (`Deref`), transactions included.
pub struct Conn(Object);

impl std::ops::Deref for Conn {
    type Target = Object;
    fn deref(&self) -> &Object {
        &self.0
    }
}

impl std::ops::DerefMut for Conn {
    fn deref_mut(&mut self) -> &mut Object {
        &mut self.0
    }
}

type Params<'a> = &'a [&'a (dyn ToSql + Sync)];

impl Conn {
    /// The plain client, for what takes one (`tokio_postgres::GenericClient`).
    pub fn client(&self) -> &tokio_postgres::Client {
        &self.0
    }

    pub async fn query(&self, sql: &str, params: Params<'_>) -> Result<Vec<Row>, tokio_postgres::Error> {
        let statement = self.0.prepare_cached(sql).await?;
        self.0.query(&statement, params).await
    }

    pub async fn query_opt(&self, sql: &str, params: Params<'_>) -> Result<Option<Row>, tokio_postgres::Error> {
        let statement = self.0.prepare_cached(sql).await?;
        self.0.query_opt(&statement, params).await
    }

    pub async fn query_one(&self, sql: &str, params: Params<'_>) -> Result<Row, tokio_postgres::Error> {
        let statement = self.0.prepare_cached(sql).await?;
        self.0.query_one(&statement, params).await
    }

    pub async fn execute(&self, sql: &str, params: Params<'_>) -> Result<u64, tokio_postgres::Error> {
        let statement = self.0.prepare_cached(sql).await?;
        self.0.execute(&statement, params).await
    }
}

fn gone() -> StoreError {
    StoreError::Database("the PostgreSQL runtime stopped".into())
}

/// Ids for tickets and ledger entries, and every other family's: see `next_id`.
impl crate::seam::Ids for PgSync {
    fn next_id(&self) -> StoreResult<u64> {
        PgSync::next_id(self)
    }
}
