//! The house's risk on a fixed-odds draw: what every result would cost it, kept exact as tickets sell
//! (docs/decisions/048-exact-liability.md, 053-incremental-reserve-check.md).
//!
//! - [`combo`]: a combination of numbers as one key.
//! - [`exposure`]: what one ticket adds, as weights on the combinations of its picks.
//! - [`liability`]: a draw's sum of exposures, with stakes and the expected payout.
//! - [`admission`]: whether a draw can take one more ticket under a game's limits (`crate::risk_limits`).
//! - [`refusal`]: what the buyer of a refused ticket is told.
//! - [`report`]: what the risk desk shows of a draw.
//! - [`share`]: a node's share of a draw's headroom, sold into without the draw's lock (cluster mode).
//! - [`worst`]: the exact worst case over every result, or over those holding given numbers, by branch and bound.
//! - `sweep`: the exact worst case of a whole draw by sweeping every set of five, on all cores.
//! - [`worst_case`]: what both searches answer.

pub mod admission;
pub mod combo;
pub mod exposure;
pub mod largest;
pub mod liability;
pub mod refusal;
pub mod report;
pub mod share;
mod sweep;
pub mod worst;
pub mod worst_case;

pub use admission::{Admitted, Breach, DrawRisk, Refresh, SearchMark, PENDING_MOST, SALE_BUDGET};
pub use combo::Combo;
pub use exposure::{picks, Exposure};
pub use largest::largest_stake;
pub use liability::{Liability, Loads};
pub use refusal::refusal;
pub use report::{RiskGlance, RiskReport};
pub use worst::{Bounds, Found};
pub use worst_case::WorstCase;
