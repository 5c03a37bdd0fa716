//! The compact binary form of a [`TicketCard`], stored as the value of a ticket's entry in its draw's index.
//!
//! Layout (integers big-endian): version `2` (`1` lacks the terms); user id u64; stake per line i64; lines u64; total stake i64; max win
//! i64; created at: seconds i64 and nanoseconds u32; the bet: kind u8 (0 NAP, 1 PERM, 2 BANKER, 3 AGAINST), k u8
//! (PERM only, else 0), then two pick lists, each a length u8 and its numbers (NAP and PERM: numbers, none;
//! BANKER: the banker, none; AGAINST: top, bottom); then the terms it was sold under: a flag u8 (1 when present),
//! the multiplier u32 and the payout cap i64. About 70 bytes, against ≈ 350 for the ticket's JSON, and no
//! parsing. An empty value is an index entry written before cards existed: read the ticket itself.

use chrono::{DateTime, Utc};

use crate::error::{StoreError, StoreResult};
use crate::lotto::Bet;
use crate::money::Kobo;
use crate::ticket::{Terms, TicketCard, TicketId};

const VERSION: u8 = 2;
/// Cards written before terms were recorded: the same layout without the terms.
const VERSION_WITHOUT_TERMS: u8 = 1;

pub fn encode_card(card: &TicketCard) -> Vec<u8> {
    let mut out = Vec::with_capacity(64);
    out.push(VERSION);
    out.extend_from_slice(&card.user_id.to_be_bytes());
    out.extend_from_slice(&card.stake_per_line.as_i64().to_be_bytes());
    out.extend_from_slice(&card.lines.to_be_bytes());
    out.extend_from_slice(&card.total_stake.as_i64().to_be_bytes());
    out.extend_from_slice(&card.max_win.as_i64().to_be_bytes());
    out.extend_from_slice(&card.created_at.timestamp().to_be_bytes());
    out.extend_from_slice(&card.created_at.timestamp_subsec_nanos().to_be_bytes());
    let (kind, k, first, second): (u8, u8, &[u8], &[u8]) = match &card.bet {
        Bet::Nap { numbers } => (0, 0, numbers, &[]),
        Bet::Perm { k, numbers } => (1, *k, numbers, &[]),
        Bet::Banker { banker } => (2, 0, std::slice::from_ref(banker), &[]),
        Bet::Against { top, bottom } => (3, 0, top, bottom),
    };
    out.extend_from_slice(&[kind, k]);
    for picks in [first, second] {
        // Bets hold at most 25 picks a list (Bet::parse); a longer one could not be a valid ticket.
        let len = u8::try_from(picks.len()).unwrap_or(u8::MAX);
        out.push(len);
        out.extend_from_slice(picks.get(..usize::from(len)).unwrap_or(picks));
    }
    match card.terms {
        Some(terms) => {
            out.push(1);
            out.extend_from_slice(&terms.multiplier.to_be_bytes());
            out.extend_from_slice(&terms.payout_cap.as_i64().to_be_bytes());
        }
        None => out.push(0),
    }
    out
}

/// Reads a card back; `None` for an empty (pre-card) index value.
pub fn decode_card(id: TicketId, bytes: &[u8]) -> StoreResult<Option<TicketCard>> {
    if bytes.is_empty() {
        return Ok(None);
    }
    let mut r = Reader { bytes, at: 0 };
    let version = r.u8()?;
    if version != VERSION && version != VERSION_WITHOUT_TERMS {
        return Err(corrupt(id, "unknown card version"));
    }
    let user_id = r.u64()?;
    let stake_per_line = Kobo(r.i64()?);
    let lines = r.u64()?;
    let total_stake = Kobo(r.i64()?);
    let max_win = Kobo(r.i64()?);
    let secs = r.i64()?;
    let nanos = r.u32()?;
    let created_at = DateTime::<Utc>::from_timestamp(secs, nanos).ok_or_else(|| corrupt(id, "bad time"))?;
    let (kind, k) = (r.u8()?, r.u8()?);
    let first = r.picks()?;
    let second = r.picks()?;
    let bet = match (kind, first.as_slice()) {
        (0, _) => Bet::Nap { numbers: first },
        (1, _) => Bet::Perm { k, numbers: first },
        (2, [banker]) => Bet::Banker { banker: *banker },
        (3, _) => Bet::Against { top: first, bottom: second },
        _ => return Err(corrupt(id, "unknown bet kind")),
    };
    let terms = match (version, if version == VERSION { r.u8()? } else { 0 }) {
        (VERSION, 1) => Some(Terms { multiplier: r.u32()?, payout_cap: Kobo(r.i64()?) }),
        _ => None,
    };
    Ok(Some(TicketCard { id, user_id, bet, stake_per_line, lines, total_stake, max_win, created_at, terms }))
}

fn corrupt(id: TicketId, what: &str) -> StoreError {
    StoreError::Corrupt { tree: "tickets", detail: format!("card of ticket {id}: {what}") }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> StoreResult<[u8; N]> {
        let end = self.at + N;
        let chunk: [u8; N] = self
            .bytes
            .get(self.at..end)
            .and_then(|s| s.try_into().ok())
            .ok_or_else(|| StoreError::Corrupt { tree: "tickets", detail: "card too short".into() })?;
        self.at = end;
        Ok(chunk)
    }

    fn u8(&mut self) -> StoreResult<u8> {
        Ok(self.take::<1>()?[0])
    }

    fn u32(&mut self) -> StoreResult<u32> {
        Ok(u32::from_be_bytes(self.take()?))
    }

    fn u64(&mut self) -> StoreResult<u64> {
        Ok(u64::from_be_bytes(self.take()?))
    }

    fn i64(&mut self) -> StoreResult<i64> {
        Ok(i64::from_be_bytes(self.take()?))
    }

    fn picks(&mut self) -> StoreResult<Vec<u8>> {
        let len = usize::from(self.u8()?);
        let picks = self
            .bytes
            .get(self.at..self.at + len)
            .ok_or_else(|| StoreError::Corrupt { tree: "tickets", detail: "card picks too short".into() })?
            .to_vec();
        self.at += len;
        Ok(picks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(bet: Bet) -> TicketCard {
        TicketCard {
            id: 7,
            user_id: 42,
            bet,
            stake_per_line: Kobo(1_000),
            lines: 10,
            total_stake: Kobo(10_000),
            max_win: Kobo(2_400_000),
            created_at: DateTime::<Utc>::from_timestamp(1_763_000_000, 123_456_789).unwrap_or_default(),
            terms: Some(Terms { multiplier: 240, payout_cap: Kobo(5_000_000_000) }),
        }
    }

    #[test]
    fn every_kind_of_bet_reads_back_as_written() {
        for bet in [
            Bet::Nap { numbers: vec![5] },
            Bet::Nap { numbers: vec![1, 2, 3, 4, 5] },
            Bet::Perm { k: 2, numbers: vec![9, 18, 27, 36, 45] },
            Bet::Banker { banker: 90 },
            Bet::Against { top: vec![1, 2], bottom: vec![3, 4, 5] },
        ] {
            let card = card(bet);
            assert_eq!(decode_card(7, &encode_card(&card)).unwrap(), Some(card.clone()));
            let old = TicketCard { terms: None, ..card };
            assert_eq!(decode_card(7, &encode_card(&old)).unwrap(), Some(old));
        }
    }

    #[test]
    fn a_version_1_card_reads_without_terms() {
        let card = TicketCard { terms: None, ..card(Bet::Nap { numbers: vec![5] }) };
        let mut bytes = encode_card(&card);
        bytes[0] = VERSION_WITHOUT_TERMS;
        bytes.pop(); // version 1 had no terms flag
        assert_eq!(decode_card(7, &bytes).unwrap(), Some(card));
    }

    #[test]
    fn an_empty_value_is_an_old_index_entry_and_a_short_one_is_corrupt() {
        assert_eq!(decode_card(7, &[]).unwrap(), None);
        let bytes = encode_card(&card(Bet::Banker { banker: 3 }));
        assert!(decode_card(7, &bytes[..bytes.len() - 3]).is_err());
    }
}
