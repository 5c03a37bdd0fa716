//! A ticket: one bet on one draw, paid from the wallet when bought and settled once when the balls are out.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::draw::DrawId;
use crate::game::Game;
use crate::game::GameId;
use crate::lotto::{Bet, TicketPrice};
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
    /// Gross winnings: the withholding tax below is taken from them, the player is paid the rest.
    pub winnings: Kobo,
    #[serde(default)]
    pub tax: Kobo,
    pub idempotency_key: String,
    pub created_at: DateTime<Utc>,
    pub settled_at: Option<DateTime<Utc>>,
    /// The terms it was sold under: settlement pays by these, whatever the game says later. `None` only for
    /// tickets sold before terms were recorded (those are paid by the game's terms at the draw).
    #[serde(default)]
    pub terms: Option<Terms>,
}

/// What a buyer asks for: one bet on one draw of a game at a stake per line, under the key that makes a retry of the
/// same purchase a replay rather than a second ticket.
#[derive(Debug, Clone, PartialEq)]
pub struct Order {
    pub user_id: UserId,
    pub draw_id: DrawId,
    pub game_id: GameId,
    pub bet: Bet,
    pub stake_per_line: Kobo,
    pub idempotency_key: String,
}

impl Ticket {
    /// A ticket just sold: the order as priced (`lotto::price`), pending, nothing won or withheld yet. The one
    /// place a new ticket is put together, so a field added to tickets is set for every sale.
    pub fn sold(
        id: TicketId,
        order: Order,
        priced: &TicketPrice,
        created_at: DateTime<Utc>,
        terms: Option<Terms>,
    ) -> Self {
        let Order { user_id, draw_id, game_id, bet, stake_per_line, idempotency_key } = order;
        Ticket {
            id,
            user_id,
            draw_id,
            game_id,
            bet,
            stake_per_line,
            lines: priced.lines,
            total_stake: priced.total_stake,
            max_win: priced.max_win_capped,
            status: TicketStatus::Pending,
            lines_won: 0,
            winnings: Kobo::ZERO,
            tax: Kobo::ZERO,
            idempotency_key,
            created_at,
            settled_at: None,
            terms,
        }
    }
}

/// What a winning line pays, fixed at purchase: the multiplier of the ticket's bet and the game's payout cap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Terms {
    pub multiplier: u32,
    pub payout_cap: Kobo,
}

impl Terms {
    /// The terms `game` sells `bet` under now.
    pub fn of(game: &Game, bet: &Bet) -> Self {
        Self { multiplier: game.multipliers.rate(bet.multiplier_key()), payout_cap: game.stake_rules.payout_cap }
    }
}

/// What never changes about a ticket once bought, in the compact form kept in its draw's ticket index
/// (`store::wallets`): settling a draw reads one small value per ticket instead of decoding every ticket, and the
/// settled ticket is rebuilt from it for the player's `ticket.settled` push.
#[derive(Debug, Clone, PartialEq)]
pub struct TicketCard {
    pub id: TicketId,
    pub user_id: UserId,
    pub bet: Bet,
    pub stake_per_line: Kobo,
    pub lines: u64,
    pub total_stake: Kobo,
    pub max_win: Kobo,
    pub created_at: DateTime<Utc>,
    pub terms: Option<Terms>,
}

impl TicketCard {
    pub fn of(ticket: &Ticket) -> Self {
        Self {
            id: ticket.id,
            user_id: ticket.user_id,
            bet: ticket.bet.clone(),
            stake_per_line: ticket.stake_per_line,
            lines: ticket.lines,
            total_stake: ticket.total_stake,
            max_win: ticket.max_win,
            created_at: ticket.created_at,
            terms: ticket.terms,
        }
    }

    /// The terms this ticket is paid by: its own, or for a ticket sold before terms were recorded, the game's.
    pub fn terms_or(&self, game: &Game) -> Terms {
        self.terms.unwrap_or_else(|| Terms::of(game, &self.bet))
    }

    /// [`Self::terms_or`] where the game may be unknown: a ticket without terms of its own then shows none (zero).
    pub fn terms_in(&self, game: Option<&Game>) -> Terms {
        match game {
            Some(game) => self.terms_or(game),
            None => self.terms.unwrap_or(Terms { multiplier: 0, payout_cap: Kobo::ZERO }),
        }
    }

    /// The ticket as its settlement leaves it (every field a client sees; the idempotency key is not kept).
    pub fn settled(
        &self,
        draw_id: DrawId,
        game_id: GameId,
        outcome: (u64, Kobo, Kobo),
        settled_at: DateTime<Utc>,
    ) -> Ticket {
        let (lines_won, winnings, tax) = outcome;
        Ticket {
            id: self.id,
            user_id: self.user_id,
            draw_id,
            game_id,
            bet: self.bet.clone(),
            stake_per_line: self.stake_per_line,
            lines: self.lines,
            total_stake: self.total_stake,
            max_win: self.max_win,
            status: if winnings.is_positive() { TicketStatus::Won } else { TicketStatus::Lost },
            lines_won,
            winnings,
            tax,
            idempotency_key: String::new(),
            created_at: self.created_at,
            settled_at: Some(settled_at),
            terms: self.terms,
        }
    }
}
