//! What the buyer of a refused ticket is told, on either engine: the breach as a sentence naming the numbers, and
//! the largest stake per line the draw would still take, if the game's least stake fits at all
//! (docs/decisions/048-exact-liability.md).

use super::admission::{Breach, DrawRisk};
use super::exposure::{picks, Exposure};
use super::largest::largest_stake;
use crate::game::Game;
use crate::lotto::{Bet, MAX_NUMBER};
use crate::money::Kobo;
use crate::risk_limits::RiskLimits;
use crate::ticket::{Ticket, TicketCard};

/// The message and `largest_stake_per_line` of `ticket`'s refusal for `breach`, found against `risk` (left as it
/// was).
pub fn refusal(
    risk: &mut DrawRisk,
    limits: &RiskLimits,
    ticket: &Ticket,
    game: Option<&Game>,
    breach: &Breach,
) -> (String, Option<Kobo>) {
    let terms = TicketCard::of(ticket).terms_in(game);
    let least = game.map_or(Kobo(1), |g| {
        if matches!(ticket.bet, Bet::Nap { .. }) {
            g.stake_rules.nap_min_stake
        } else {
            g.stake_rules.min_stake_per_line
        }
    });
    let chosen = picks(&ticket.bet);
    let largest = largest_stake(ticket.stake_per_line, least, |stake| {
        risk.would_admit(limits, &chosen, Exposure::of(&ticket.bet, stake, terms, MAX_NUMBER))
    });
    (breach.sentence(), largest)
}
