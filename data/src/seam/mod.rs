//! The store seam (decisions 029 and 032): each family of records the server keeps is one trait with two
//! implementations, the embedded store's (sled, in `store/`) and PostgreSQL's (in `pg/`), so handlers and actors
//! call `store.meta.licence()` the same way whatever engine answers. The calls are synchronous, as the embedded
//! store's always were; PostgreSQL answers them through `pg::blocking`. Money moves have their own, asynchronous
//! contract (`money_engine`). The contract tests (`data/tests/store_contract.rs`) run every case against both.

pub mod games;
pub mod meta;
pub mod witness;

pub use games::Games;
pub use meta::Meta;
pub use witness::WitnessPool;
