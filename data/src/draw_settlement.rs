//! Settling one draw: what each of its tickets won, the tax withheld from each win, and the shadow settlement's
//! second opinion on every ticket (docs/product.md §3, docs/decisions/015-fairness-terms-cancellation-shadow.md).
//!
//! The work is split by when it can be done. Nothing about a closed draw's tickets depends on the balls, so
//! [`DrawTickets`] is built ahead of the draw: its pending tickets grouped by player (each player is paid in one
//! wallet transaction) with the terms each is paid by resolved once. Once the balls are out, [`DrawTickets::decide`]
//! runs over every ticket, on as many threads as it is given: the primary computation (`lotto::settlement`), the
//! shadow computation (`lotto::shadow`), and for each winning ticket a check against its full stored record (so a
//! damaged index entry cannot pay); then each winning player's tax at their state's rate (`tax`). Per ticket it
//! allocates nothing but its answer, and reads the store only for winners.
//!
//! The store is reached through [`Records`], so these rules are checked without one (see the tests below).

use std::collections::{BTreeMap, HashSet};

use chrono::NaiveDate;

use crate::draw_takings::DrawTakings;
use crate::error::{StoreError, StoreResult};
use crate::game::Game;
use crate::lotto::{outcome_at, shadow, Balls, Multipliers};
use crate::money::Kobo;
use crate::tax::{withholding, TaxTable};
use crate::ticket::{Terms, Ticket, TicketCard, TicketId, TicketStatus};
use crate::user::UserId;

/// What deciding a draw reads from the store: a winning player's state of residence (for the tax rate) and a
/// winning ticket's full record (for the shadow check).
pub trait Records: Sync {
    fn state_of(&self, player: UserId) -> StoreResult<Option<String>>;
    fn ticket(&self, id: TicketId) -> StoreResult<Option<Ticket>>;
}

/// The tax rules of the draw's day (`tax`): the table as it stands and the Lagos day the draw was drawn.
#[derive(Debug, Clone, Copy)]
pub struct Taxing<'a> {
    pub table: &'a TaxTable,
    pub day: NaiveDate,
}

/// What one ticket won: lines, gross winnings and the tax withheld from them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decided {
    pub lines_won: u64,
    pub winnings: Kobo,
    pub tax: Kobo,
}

/// One player's pending tickets of the draw, in ticket order.
#[derive(Debug, Clone)]
pub struct PlayerTickets {
    pub player: UserId,
    pub tickets: Vec<TicketCard>,
    /// The terms each ticket is paid by, in the same order: its own, or the game's for one sold before terms were
    /// recorded.
    terms: Vec<Terms>,
}

/// A closed draw's pending tickets, grouped by player in player order, ready to be decided once the balls are out.
#[derive(Debug, Clone)]
pub struct DrawTickets {
    players: Vec<PlayerTickets>,
    /// The game's rates and cap that tickets without terms of their own were resolved with: if the game's change
    /// before the draw, those tickets are paid by the game as it is at the draw, as they always were.
    multipliers: Multipliers,
    payout_cap: Kobo,
}

/// A draw's tickets decided: each player's answers (in the order of [`DrawTickets`]'s players and their tickets),
/// and a description of every ticket the shadow computation or the stored record disagrees on.
#[derive(Debug, Clone, Default)]
pub struct Decisions {
    pub by_player: Vec<Vec<Decided>>,
    pub disagreements: Vec<String>,
}

impl DrawTickets {
    /// Groups `cards` (a draw's pending tickets, in ticket order) by player and resolves each one's terms in `game`.
    pub fn new(cards: Vec<TicketCard>, game: &Game) -> Self {
        let mut by_player: BTreeMap<UserId, PlayerTickets> = BTreeMap::new();
        for card in cards {
            let terms = card.terms_or(game);
            let player = by_player.entry(card.user_id).or_insert_with(|| PlayerTickets {
                player: card.user_id,
                tickets: Vec::new(),
                terms: Vec::new(),
            });
            player.tickets.push(card);
            player.terms.push(terms);
        }
        Self {
            players: by_player.into_values().collect(),
            multipliers: game.multipliers,
            payout_cap: game.stake_rules.payout_cap,
        }
    }

    /// Leaves out the players in `settled` (already paid, before a restart).
    pub fn without(mut self, settled: &HashSet<UserId>) -> Self {
        if !settled.is_empty() {
            self.players.retain(|p| !settled.contains(&p.player));
        }
        self
    }

    pub fn players(&self) -> &[PlayerTickets] {
        &self.players
    }

    pub fn ticket_count(&self) -> usize {
        self.players.iter().map(|p| p.tickets.len()).sum()
    }

    /// The figures of these tickets as `decisions` (made on them, in their order) decide them.
    pub fn takings(&self, decisions: &Decisions) -> DrawTakings {
        let mut takings = DrawTakings::default();
        for (player, decided) in self.players.iter().zip(&decisions.by_player) {
            for (card, d) in player.tickets.iter().zip(decided) {
                takings.add(card.total_stake, d.winnings, d.tax);
            }
        }
        takings
    }

    /// Each player's tickets, to pay them (in the order of [`Decisions::by_player`]).
    pub fn into_players(self) -> impl Iterator<Item = PlayerTickets> {
        self.players.into_iter()
    }

    /// Decides every ticket against `numbers` on `threads` threads: see the module's documentation. `game` is the
    /// game as it is at the draw (for tickets without terms of their own).
    pub fn decide(
        &self,
        numbers: &Balls,
        game: &Game,
        taxing: Taxing<'_>,
        records: &impl Records,
        threads: usize,
    ) -> StoreResult<Decisions> {
        // Tickets with terms of their own are paid by them whatever the game says; the others follow the game.
        let game_unchanged = game.multipliers == self.multipliers && game.stake_rules.payout_cap == self.payout_cap;
        let rules = Rules { numbers, game, game_unchanged, taxing, records };
        let parts = split(&self.players, threads.max(1));
        let decided: Vec<StoreResult<Decisions>> = if parts.len() <= 1 {
            parts.into_iter().map(|part| rules.decide_all(part)).collect()
        } else {
            std::thread::scope(|scope| {
                let rules = &rules;
                let handles: Vec<_> =
                    parts.into_iter().map(|part| scope.spawn(move || rules.decide_all(part))).collect();
                handles
                    .into_iter()
                    .map(|h| {
                        h.join().unwrap_or_else(|_| {
                            Err(StoreError::Corrupt { tree: "tickets", detail: "a settlement thread panicked".into() })
                        })
                    })
                    .collect()
            })
        };
        let mut all = Decisions { by_player: Vec::with_capacity(self.players.len()), disagreements: Vec::new() };
        for part in decided {
            let part = part?;
            all.by_player.extend(part.by_player);
            all.disagreements.extend(part.disagreements);
        }
        Ok(all)
    }
}

/// `players` cut into at most `parts` consecutive runs of about as many tickets each.
fn split(players: &[PlayerTickets], parts: usize) -> Vec<&[PlayerTickets]> {
    let total: usize = players.iter().map(|p| p.tickets.len()).sum();
    let per_part = total.div_ceil(parts).max(1);
    let mut out = Vec::with_capacity(parts);
    let (mut start, mut count) = (0, 0);
    for (i, player) in players.iter().enumerate() {
        count += player.tickets.len();
        if count >= per_part {
            out.push(&players[start..=i]);
            (start, count) = (i + 1, 0);
        }
    }
    if start < players.len() {
        out.push(&players[start..]);
    }
    out
}

/// Everything deciding a ticket depends on besides the ticket.
struct Rules<'a, R> {
    numbers: &'a Balls,
    game: &'a Game,
    game_unchanged: bool,
    taxing: Taxing<'a>,
    records: &'a R,
}

impl<R: Records> Rules<'_, R> {
    fn decide_all(&self, players: &[PlayerTickets]) -> StoreResult<Decisions> {
        let mut out = Decisions { by_player: Vec::with_capacity(players.len()), disagreements: Vec::new() };
        for player in players {
            let decided = self.decide_player(player, &mut out.disagreements)?;
            out.by_player.push(decided);
        }
        Ok(out)
    }

    fn decide_player(&self, player: &PlayerTickets, disagreements: &mut Vec<String>) -> StoreResult<Vec<Decided>> {
        let mut decided = Vec::with_capacity(player.tickets.len());
        let mut any_win = false;
        for (card, own_terms) in player.tickets.iter().zip(&player.terms) {
            // Paid by the terms it was sold under, whatever the game says now.
            let terms = if self.game_unchanged { *own_terms } else { card.terms_or(self.game) };
            let (lines_won, winnings) =
                outcome_at(&card.bet, card.stake_per_line, self.numbers, terms.multiplier, terms.payout_cap);
            let shadow =
                shadow::outcome(&card.bet, card.stake_per_line, self.numbers, terms.multiplier, terms.payout_cap);
            let mut agree = shadow == (lines_won, winnings);
            if agree && winnings.is_positive() {
                agree = self.record_agrees(card, shadow)?;
            }
            if !agree {
                disagreements.push(format!(
                    "ticket {}: primary {} lines / {} kobo, shadow {} lines / {} kobo",
                    card.id,
                    lines_won,
                    winnings.as_i64(),
                    shadow.0,
                    shadow.1.as_i64()
                ));
            }
            any_win |= winnings.is_positive();
            decided.push(Decided { lines_won, winnings, tax: Kobo::ZERO });
        }
        if any_win {
            // The player's state is read once, and only for a player with something to tax.
            let state = self.records.state_of(player.player)?;
            let rate = self.taxing.table.rate(state.as_deref(), self.taxing.day);
            for (card, decided) in player.tickets.iter().zip(decided.iter_mut()) {
                decided.tax = withholding(decided.winnings, card.total_stake, rate);
            }
        }
        Ok(decided)
    }

    /// Whether the ticket's full stored record, settled by the shadow computation, wins what its card did, for the
    /// same player.
    fn record_agrees(&self, card: &TicketCard, shadow: (u64, Kobo)) -> StoreResult<bool> {
        let Some(record) = self.records.ticket(card.id)? else { return Ok(false) };
        let terms = record.terms.unwrap_or_else(|| Terms::of(self.game, &record.bet));
        let from_record =
            shadow::outcome(&record.bet, record.stake_per_line, self.numbers, terms.multiplier, terms.payout_cap);
        Ok(from_record == shadow && record.user_id == card.user_id)
    }
}

/// Adds to `takings` the tickets of `players` already settled (paid before a crash the settlement resumed from), as
/// stored: so a resumed settlement's figures are the whole draw's.
pub fn add_settled_earlier(takings: &mut DrawTakings, tickets: &[Ticket], players: &HashSet<UserId>) {
    add_settled(takings, tickets.iter().filter(|t| players.contains(&t.user_id)));
}

/// Adds to `takings` the settled ones of `tickets` (won or lost), as stored: what each staked, won and had withheld.
pub fn add_settled<'a>(takings: &mut DrawTakings, tickets: impl IntoIterator<Item = &'a Ticket>) {
    for ticket in tickets {
        if matches!(ticket.status, TicketStatus::Won | TicketStatus::Lost) {
            takings.add(ticket.total_stake, ticket.winnings, ticket.tax);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;
    use std::sync::Mutex;

    use chrono::{DateTime, Utc};

    use super::*;
    use crate::game::Schedule;
    use crate::lotto::Bet;
    use crate::tax::TaxRule;
    use crate::ticket::TicketStatus;

    const DRAWN: Balls = [7, 1, 2, 3, 4];

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    fn game() -> Game {
        Game {
            close_before_secs: 20,
            ..Game::new(1, "ayo", "Ayo", Schedule::Interval { every_minutes: 5 }, Utc::now())
        }
    }

    fn card(id: TicketId, player: UserId, bet: Bet, stake: i64, terms: Option<Terms>) -> TicketCard {
        let lines = bet.lines();
        TicketCard {
            id,
            user_id: player,
            bet,
            stake_per_line: Kobo(stake),
            lines,
            total_stake: Kobo(stake * lines as i64),
            max_win: Kobo(0),
            created_at: DateTime::<Utc>::from_timestamp(1_772_000_000, 0).unwrap(),
            terms,
        }
    }

    fn nap1(n: u8) -> Bet {
        Bet::Nap { numbers: vec![n] }
    }

    /// A store stand-in: states by player, and the full records of tickets (built from the cards unless replaced).
    #[derive(Default)]
    struct Fake {
        states: HashMap<UserId, String>,
        records: HashMap<TicketId, Ticket>,
        state_reads: Mutex<Vec<UserId>>,
    }

    impl Fake {
        /// Every card backed by its full record, as a purchase writes it.
        fn of(cards: &[TicketCard]) -> Self {
            let pending = |card: &TicketCard| Ticket {
                status: TicketStatus::Pending,
                settled_at: None,
                ..card.settled(1, 1, (0, Kobo::ZERO, Kobo::ZERO), Utc::now())
            };
            Self { records: cards.iter().map(|c| (c.id, pending(c))).collect(), ..Self::default() }
        }
    }

    impl Records for Fake {
        fn state_of(&self, player: UserId) -> StoreResult<Option<String>> {
            self.state_reads.lock().unwrap().push(player);
            Ok(self.states.get(&player).cloned())
        }
        fn ticket(&self, id: TicketId) -> StoreResult<Option<Ticket>> {
            Ok(self.records.get(&id).cloned())
        }
    }

    fn lagos_five_percent() -> TaxTable {
        TaxTable { rules: vec![TaxRule { state: Some("LA".into()), rate_bp: 500, from: day(2026, 2, 1) }] }
    }

    fn decide(tickets: &DrawTickets, game: &Game, fake: &Fake, threads: usize) -> Decisions {
        let table = lagos_five_percent();
        let taxing = Taxing { table: &table, day: day(2026, 3, 2) };
        tickets.decide(&DRAWN, game, taxing, fake, threads).unwrap()
    }

    #[test]
    fn tickets_are_grouped_by_player_in_player_order_each_players_in_ticket_order() {
        let cards =
            vec![card(1, 30, nap1(7), 100, None), card(2, 10, nap1(8), 100, None), card(3, 30, nap1(9), 100, None)];
        let tickets = DrawTickets::new(cards, &game());
        let grouped: Vec<(UserId, Vec<TicketId>)> =
            tickets.players().iter().map(|p| (p.player, p.tickets.iter().map(|t| t.id).collect())).collect();
        assert_eq!(grouped, vec![(10, vec![2]), (30, vec![1, 3])]);
        assert_eq!(tickets.ticket_count(), 3);
        let paid_before: HashSet<UserId> = [30].into();
        assert_eq!(tickets.without(&paid_before).ticket_count(), 1);
    }

    #[test]
    fn a_win_is_paid_by_the_tickets_own_terms_and_taxed_at_its_players_state_rate() {
        let own = Terms { multiplier: 50, payout_cap: Kobo::naira(1_000_000) };
        // Player 1 lives in Lagos (5 %), player 2 elsewhere (no rule: no tax); player 3 wins nothing.
        let cards = vec![
            card(1, 1, nap1(7), 10_000, Some(own)),
            card(2, 1, nap1(9), 10_000, Some(own)),
            card(3, 2, nap1(7), 10_000, Some(own)),
            card(4, 3, nap1(1), 10_000, Some(own)),
        ];
        let mut fake = Fake::of(&cards);
        fake.states.insert(1, "LA".into());
        fake.states.insert(2, "KN".into());
        fake.states.insert(3, "LA".into());
        let decisions = decide(&DrawTickets::new(cards, &game()), &game(), &fake, 1);
        assert!(decisions.disagreements.is_empty(), "{:?}", decisions.disagreements);
        // ₦100 × 50 = ₦5,000 won; 5 % of the ₦4,900 net is ₦245.
        let won = Decided { lines_won: 1, winnings: Kobo(500_000), tax: Kobo(24_500) };
        let lost = Decided { lines_won: 0, winnings: Kobo::ZERO, tax: Kobo::ZERO };
        assert_eq!(decisions.by_player, vec![vec![won, lost], vec![Decided { tax: Kobo::ZERO, ..won }], vec![lost]]);
        // Only players with a win have their state read.
        let mut read = fake.state_reads.lock().unwrap().clone();
        read.sort_unstable();
        assert_eq!(read, vec![1, 2]);
    }

    #[test]
    fn a_resumed_settlement_records_the_whole_draw_those_paid_before_the_crash_as_stored() {
        let own = Terms { multiplier: 50, payout_cap: Kobo::naira(1_000_000) };
        let cards = vec![
            card(1, 1, nap1(7), 10_000, Some(own)),
            card(2, 1, nap1(9), 20_000, Some(own)),
            card(3, 2, nap1(7), 30_000, Some(own)),
            card(4, 3, nap1(8), 40_000, Some(own)),
        ];
        let mut fake = Fake::of(&cards);
        fake.states.insert(1, "LA".into());
        let whole = DrawTickets::new(cards.clone(), &game());
        let all = whole.takings(&decide(&whole, &game(), &fake, 1));
        // ₦1,000 staked; ₦100 × 50 and ₦300 × 50 won (₦20,000), ₦245 of it withheld in Lagos.
        let expected =
            DrawTakings { tickets: 4, winners: 2, stakes: Kobo(100_000), payouts: Kobo(2_000_000), tax: Kobo(24_500) };
        assert_eq!(all, expected);
        assert_eq!((all.net_paid(), all.house_result()), (Kobo(1_975_500), Kobo(-1_900_000)));

        // Player 1 was paid before a crash: their tickets are stored settled, the rest still pending.
        let decided_one = &decide(&whole, &game(), &fake, 1).by_player[0];
        let mut stored: Vec<Ticket> = cards[2..].iter().map(|c| fake.records[&c.id].clone()).collect();
        for (c, d) in cards[..2].iter().zip(decided_one) {
            stored.push(c.settled(1, 1, (d.lines_won, d.winnings, d.tax), Utc::now()));
        }
        let paid = HashSet::from([1]);
        let rest = DrawTickets::new(cards.clone(), &game()).without(&paid);
        let mut resumed = rest.takings(&decide(&rest, &game(), &fake, 1));
        assert_ne!(resumed, expected, "the rest alone is not the draw");
        add_settled_earlier(&mut resumed, &stored, &paid);
        assert_eq!(resumed, expected);
    }

    #[test]
    fn a_ticket_without_terms_follows_the_game_as_it_is_at_the_draw() {
        let cards = vec![card(1, 1, nap1(7), 100, None)];
        let fake = Fake::of(&cards);
        let tickets = DrawTickets::new(cards, &game());
        let mut raised = game();
        raised.multipliers.nap1 = 60;
        let decisions = decide(&tickets, &raised, &fake, 1);
        assert_eq!(decisions.by_player[0][0].winnings, Kobo(6_000));
        assert_eq!(decide(&tickets, &game(), &fake, 1).by_player[0][0].winnings, Kobo(100 * 40));
    }

    #[test]
    fn a_winning_card_that_its_stored_record_does_not_back_is_a_disagreement() {
        let cards =
            vec![card(1, 1, nap1(7), 100, None), card(2, 1, nap1(7), 100, None), card(3, 2, nap1(7), 100, None)];
        let mut fake = Fake::of(&cards);
        // Ticket 1's record bet on another number; ticket 2's record belongs to someone else; 3 has no record.
        if let Some(t) = fake.records.get_mut(&1) {
            t.bet = nap1(8);
        }
        if let Some(t) = fake.records.get_mut(&2) {
            t.user_id = 9;
        }
        fake.records.remove(&3);
        let decisions = decide(&DrawTickets::new(cards, &game()), &game(), &fake, 1);
        assert_eq!(
            decisions.disagreements,
            vec![
                "ticket 1: primary 1 lines / 4000 kobo, shadow 1 lines / 4000 kobo",
                "ticket 2: primary 1 lines / 4000 kobo, shadow 1 lines / 4000 kobo",
                "ticket 3: primary 1 lines / 4000 kobo, shadow 1 lines / 4000 kobo",
            ]
        );
    }

    #[test]
    fn an_invalid_bet_the_primary_pays_nothing_for_is_caught_by_the_shadow() {
        // A PERM2 on one number is no valid bet: the primary wins it nothing, the shadow counts its lines.
        let cards = vec![card(1, 1, Bet::Perm { k: 1, numbers: vec![7, 1] }, 100, None)];
        let fake = Fake::of(&cards);
        let decisions = decide(&DrawTickets::new(cards, &game()), &game(), &fake, 1);
        assert_eq!(decisions.disagreements.len(), 1, "{:?}", decisions.disagreements);
    }

    #[test]
    fn any_number_of_threads_decides_the_same() {
        let cards: Vec<TicketCard> = (0..500u64)
            .map(|i| {
                let other = 50 + (i % 30) as u8;
                let bet = match i % 4 {
                    0 => nap1(7),
                    1 => Bet::Perm { k: 2, numbers: vec![1, 2, other] },
                    2 => Bet::Perm { k: 2, numbers: vec![other, 2, 3, 4] },
                    _ => nap1(8),
                };
                card(i + 1, i % 37, bet, 100, None)
            })
            .collect();
        let mut fake = Fake::of(&cards);
        for player in 0..37 {
            fake.states.insert(player, "LA".into());
        }
        let tickets = DrawTickets::new(cards, &game());
        let one = decide(&tickets, &game(), &fake, 1);
        assert!(one.by_player.iter().flatten().any(|d| d.winnings.is_positive()));
        for threads in [2, 3, 8, 100] {
            assert_eq!(decide(&tickets, &game(), &fake, threads).by_player, one.by_player, "{threads} threads");
        }
    }
}
