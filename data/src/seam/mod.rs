//! The store seam (decisions 029 and 032): each family of records the server keeps is one trait with two
//! implementations, the embedded store's (sled, in `store/`) and PostgreSQL's (in `pg/`), so handlers and actors
//! call `store.meta.licence()` the same way whatever engine answers. The calls are synchronous, as the embedded
//! store's always were; PostgreSQL answers them through `pg::blocking`. The money moves (`money`: the WalletActor's
//! purchases, settlements, refunds and entries) follow the money engine's contract (`money_engine`), tested against
//! both in `data/tests/money_contract.rs`; the other contract tests (`data/tests/store_*.rs`) run every case against
//! both too.

pub mod activities;
pub mod adjustments;
pub mod books;
pub mod games;
pub mod identities;
pub mod ids;
pub mod meta;
pub mod money;
pub mod notices;
pub mod otps;
pub mod payments;
pub mod responsible;
pub mod sandbox;
pub mod users;
pub mod witness;

pub use activities::Activities;
pub use adjustments::Adjustments;
pub use books::WalletBooks;
pub use games::Games;
pub use identities::Identities;
pub use ids::Ids;
pub use meta::Meta;
pub use money::Money;
pub use notices::Notices;
pub use otps::Otps;
pub use payments::Payments;
pub use responsible::Responsible;
pub use sandbox::SandboxBooks;
pub use users::Users;
pub use witness::{DuplicateCommitment, WitnessPool};
