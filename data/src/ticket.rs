//! A ticket: one bet on one draw, paid from the wallet when bought and settled once when the balls are out.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::draw::DrawId;
use crate::game::GameId;
use crate::lotto::Bet;
use crate::money::Kobo;
use crate::user::UserId;

pub type TicketId = u64;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TicketStatus {
    Pending,
    Won,
    Lost,
    Refunded,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ticket {
    pub id: TicketId,
    pub user_id: UserId,
    pub draw_id: DrawId,
    pub game_id: GameId,
    pub bet: Bet,
    pub stake_per_line: Kobo,
    pub lines: u64,
    pub total_stake: Kobo,
    /// The best possible (capped) win, shown at purchase.
    pub max_win: Kobo,
    pub status: TicketStatus,
    pub lines_won: u64,
    pub winnings: Kobo,
    pub idempotency_key: String,
    pub created_at: DateTime<Utc>,
    pub settled_at: Option<DateTime<Utc>>,
}
