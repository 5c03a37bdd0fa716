//! The house's risk on a draw as the risk desk and the play page read it, and the numbers an admin closes
//! (docs/decisions/048-exact-liability.md, 056-draw-risk-row-in-cluster-mode.md). The limits themselves are
//! enforced inside each engine's purchase transaction (`Money::buy`); this family is what lies beside it.

use std::collections::BTreeSet;

use crate::draw::DrawId;
use crate::error::StoreResult;
use crate::game::Game;
use crate::risk::{RiskGlance, RiskReport};

pub trait Risk: Send + Sync {
    /// What the risk desk shows of a draw of `game`: its exact worst case (searched for off the sale path if not
    /// known; while a search runs, the running bound the sales are checked against) and the rest of the report.
    fn report(&self, draw: DrawId, game: Option<&Game>) -> StoreResult<RiskReport>;

    /// The numbers closed for a draw: every sale picking one is refused.
    fn closed(&self, draw: DrawId) -> StoreResult<BTreeSet<u8>>;

    /// Closes (`close` true) or reopens `numbers` for a draw, durably; every later sale on every node sees it.
    /// Answers the closed numbers after.
    fn set_closed(&self, draw: DrawId, numbers: &[u8], close: bool) -> StoreResult<BTreeSet<u8>>;

    /// The limits of the draw's game were just set: they apply to its next sale, and the liability the sales are
    /// checked against is read from the draw's tickets ahead of it (on PostgreSQL the save itself has every node read
    /// it again at its next sale, decision 066).
    fn limits_set(&self, draw: DrawId, game: &Game) -> StoreResult<()>;

    /// The draws whose liability sales on this node changed since the last call (each once): the live push's work
    /// list (`risk.updated`). On a cluster node, only draws whose game has limits (the others keep no liability).
    fn take_changed(&self) -> Vec<DrawId>;

    /// Puts `draw` in the next `take_changed`: its figures could not be read just now, or a search just found its
    /// exact worst case.
    fn mark_changed(&self, draw: DrawId);

    /// A draw's headline figures, without a search; `None` when this node keeps none. Embedded, O(1) from memory; on
    /// PostgreSQL the node first folds in the sales the other nodes made since it last looked (one read: a node
    /// selling under its share of a draw knows only its own, decision 067).
    fn glance(&self, draw: DrawId, game: Option<&Game>) -> Option<RiskGlance>;
}
