//! What one settled draw took and paid (issue 31, docs/decisions/063-draw-takings.md): its tickets and stakes, the
//! gross winnings it paid, the withholding tax taken from them, and the house's result. Written onto the draw in the
//! same save that marks it settled, so a settled draw always carries its figures and a settlement resumed after a
//! crash writes them once, whole.
//!
//! The house's result is the draw's gross gaming revenue: stakes less gross winnings. The tax is the player's, held
//! for the state (docs/compliance.md), so it moves neither side.

use serde::{Deserialize, Serialize};

use crate::money::Kobo;

/// A settled draw's figures, in kobo.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrawTakings {
    pub tickets: u64,
    /// Tickets that won any amount.
    pub winners: u64,
    pub stakes: Kobo,
    /// Gross winnings, before tax.
    pub payouts: Kobo,
    /// Withholding tax taken from the winnings.
    pub tax: Kobo,
}

impl DrawTakings {
    /// Adds one ticket: its stake, what it won (gross) and the tax withheld from that.
    pub fn add(&mut self, stake: Kobo, winnings: Kobo, tax: Kobo) {
        let one = DrawTakings {
            tickets: 1,
            winners: u64::from(winnings.is_positive()),
            stakes: stake,
            payouts: winnings,
            tax,
        };
        *self = self.plus(&one);
    }

    /// What the winners were credited: gross winnings less tax.
    pub fn net_paid(&self) -> Kobo {
        Kobo(self.payouts.0.saturating_sub(self.tax.0))
    }

    /// The house's result: stakes less gross winnings (negative when the draw cost the house).
    pub fn house_result(&self) -> Kobo {
        Kobo(self.stakes.0.saturating_sub(self.payouts.0))
    }

    /// The sum of two draws' figures (a game's month).
    pub fn plus(mut self, other: &DrawTakings) -> DrawTakings {
        self.tickets += other.tickets;
        self.winners += other.winners;
        self.stakes = Kobo(self.stakes.0.saturating_add(other.stakes.0));
        self.payouts = Kobo(self.payouts.0.saturating_add(other.payouts.0));
        self.tax = Kobo(self.tax.0.saturating_add(other.tax.0));
        self
    }
}
