//! A node's share of a limited draw's headroom (docs/decisions/067-shares-of-a-draws-headroom.md): what one node
//! may sell into a draw on its own, without the draw's lock, so that no interleaving of every node's sales takes the
//! draw past a limit.
//!
//! A share is granted under the draw's lock, from an exact liability, while the draw is far from its limits. It has
//! two parts:
//!
//! - `room`: the most the holder's sales under it may add up to, each counted at the most it can pay (`Exposure::most`).
//!   The worst case is subadditive (a result's payout is the sum of each ticket's), so the draw's worst case stays at
//!   most its bound when granted plus every holder's room.
//! - `ppm`: millionths of each per-key limit (staked on a number, riding on a number, riding on a combination): the
//!   holder's sales under it add at most `part(limit, ppm)` to any one key.
//!
//! Whoever checks a sale under the lock checks it against the limits less what the other holders may still sell
//! (`left_by`), and a grant is only made while every holder's part still fits beside what the draw already carries
//! (`grant`). So the limits hold whichever node sells what, in whatever order their transactions commit.

use super::admission::{Admitted, Breach, DrawRisk};
use super::exposure::Exposure;
use super::liability::Loads;
use crate::money::Kobo;
use crate::risk_limits::RiskLimits;

/// A whole, in millionths.
pub const PPM: i64 = 1_000_000;

/// What a grant gives: room for the most its sales can pay, and millionths of each per-key limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShareTerms {
    pub room: i64,
    pub ppm: i64,
}

/// What the other nodes' shares may still add: the rooms they have not used and the millionths they hold.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Others {
    pub room_left: i64,
    pub ppm: i64,
}

impl Others {
    /// Counts one more holder's share. A share whose room is used up sells nothing more (`admit_under`), so it
    /// holds no part of the per-key limits either.
    pub fn plus(self, room: i64, used: i64, ppm: i64) -> Others {
        let left = room.saturating_sub(used).max(0);
        let ppm = if left > 0 { ppm.max(0) } else { 0 };
        Others { room_left: self.room_left.saturating_add(left), ppm: self.ppm.saturating_add(ppm) }
    }

    /// Whether any holder may still sell anything.
    pub fn any(self) -> bool {
        self.room_left > 0 || self.ppm > 0
    }
}

/// `ppm` millionths of `limit`, rounded down (so the parts of several holders never add up past the part of their
/// sum).
pub fn part(limit: Kobo, ppm: i64) -> i64 {
    let share = i128::from(limit.as_i64()) * i128::from(ppm.clamp(0, PPM)) / i128::from(PPM);
    i64::try_from(share).unwrap_or(i64::MAX)
}

/// The limits a sale checked under the draw's lock must keep: each less what the other holders may still add to it.
/// A limit may come out negative: then nothing passes it until those shares are taken back.
pub fn left_by(limits: &RiskLimits, others: Others) -> RiskLimits {
    let less = |limit: Option<Kobo>| limit.map(|l| Kobo(l.as_i64().saturating_sub(part(l, others.ppm))));
    RiskLimits {
        reserve: limits.reserve.map(|r| Kobo(r.as_i64().saturating_sub(others.room_left))),
        max_number_payout: less(limits.max_number_payout),
        max_combination_payout: less(limits.max_combination_payout),
        max_stake_per_number: less(limits.max_stake_per_number),
    }
}

/// The per-key limits a holder's own sales under a share of `ppm` must keep (their sums since the grant); the
/// reserve is kept by the room instead (`ShareTerms::room`), so it is none here.
pub fn within_share(limits: &RiskLimits, ppm: i64) -> RiskLimits {
    let part_of = |limit: Option<Kobo>| limit.map(|l| Kobo(part(l, ppm)));
    RiskLimits {
        reserve: None,
        max_number_payout: part_of(limits.max_number_payout),
        max_combination_payout: part_of(limits.max_combination_payout),
        max_stake_per_number: part_of(limits.max_stake_per_number),
    }
}

/// Takes a ticket into a share's own liability (`own`: the holder's sales under it since its grant, `spent` of its
/// room already used) if the share can take it; a closed number is refused outright (`Err(Some(_))`), and a ticket
/// the share cannot take is `Err(None)`: not refused, but to be checked under the draw's lock instead. A used-up
/// room takes nothing more, not even a ticket that can pay nothing (`Others::plus` counts it as holding nothing).
/// The per-key sums are of what the sales add only (`Exposure::adding_only`): a reduction sold earlier was
/// counted by the draw already, so it makes no room here.
pub fn admit_under(
    own: &mut DrawRisk,
    spent: i64,
    terms: ShareTerms,
    limits: &RiskLimits,
    picks: &[u8],
    exposure: &Exposure,
) -> Result<Admitted, Option<Breach>> {
    if spent >= terms.room || spent.saturating_add(exposure.most) > terms.room {
        return Err(None);
    }
    match own.admit(&within_share(limits, terms.ppm), picks, exposure.adding_only()) {
        Ok(admitted) => Ok(admitted),
        Err(closed @ Breach::Closed(_)) => Err(Some(closed)),
        Err(_) => Err(None),
    }
}

/// Of what a draw has left under each limit, the part one grant takes: a quarter, so the next holders find some too
/// and no single node strands much of the headroom.
const GRANTED: i64 = 4;

/// Whether the draw's reserve is at most half used, counting the other holders' rooms: the cheap first test of
/// `grant`, made before the per-key loads are looked up.
pub fn far_from_limits(limits: &RiskLimits, bound: i64, others: Others) -> bool {
    limits.reserve.map(Kobo::as_i64).is_none_or(|reserve| {
        let left = reserve.saturating_sub(bound).saturating_sub(others.room_left);
        left > 0 && left.saturating_mul(2) >= reserve
    })
}

/// Whether some per-key limit is already more than half taken by the draw's heaviest key (`loads`): then no share is
/// granted (`grant`) until the limits change, since keys only get heavier as sales are added.
pub fn keys_half_used(limits: &RiskLimits, loads: Loads) -> bool {
    [
        (limits.max_stake_per_number, loads.staked),
        (limits.max_number_payout, loads.riding),
        (limits.max_combination_payout, loads.combination),
    ]
    .into_iter()
    .any(|(limit, load)| limit.is_some_and(|l| i128::from(load.max(0)) * 2 > i128::from(l.as_i64())))
}

/// The share to grant a node now, from the draw's worst-case `bound` (at least its worst case), the most on any key
/// of each per-key limit (`loads`) and the other holders' shares; none unless every limit is at most half used
/// counting those shares (near a limit, sales are checked exactly under the lock instead).
pub fn grant(limits: &RiskLimits, bound: i64, loads: Loads, others: Others) -> Option<ShareTerms> {
    if !far_from_limits(limits, bound, others) {
        return None;
    }
    let room = match limits.reserve.map(Kobo::as_i64) {
        Some(reserve) => reserve.saturating_sub(bound).saturating_sub(others.room_left) / GRANTED,
        None => i64::MAX / 4,
    };
    let mut ppm = PPM;
    for (limit, load) in [
        (limits.max_stake_per_number, loads.staked),
        (limits.max_number_payout, loads.riding),
        (limits.max_combination_payout, loads.combination),
    ] {
        let Some(limit) = limit.map(Kobo::as_i64).filter(|l| *l > 0) else {
            if limit.is_some() {
                return None;
            }
            continue;
        };
        // Millionths the heaviest key already takes, rounded up, and those the other holders hold.
        let (load, limit) = (i128::from(load.max(0)), i128::from(limit));
        let taken = (load * i128::from(PPM) + limit - 1) / limit;
        let left = i128::from(PPM) - taken - i128::from(others.ppm);
        if left * 2 < i128::from(PPM) {
            return None;
        }
        ppm = ppm.min(i64::try_from(left).unwrap_or(0) / GRANTED);
    }
    (room > 0 && ppm > 0).then_some(ShareTerms { room, ppm })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(reserve: i64, per_key: i64) -> RiskLimits {
        RiskLimits {
            reserve: Some(Kobo(reserve)),
            max_number_payout: Some(Kobo(per_key)),
            max_combination_payout: Some(Kobo(per_key)),
            max_stake_per_number: Some(Kobo(per_key)),
        }
    }

    #[test]
    fn grants_a_quarter_of_what_is_left_while_every_limit_is_at_most_half_used() {
        let l = limits(1_000_000, 10_000);
        let loads = Loads { staked: 1_000, riding: 2_000, combination: 0 };
        let share = grant(&l, 200_000, loads, Others::default()).unwrap();
        assert_eq!(share.room, 200_000);
        // The heaviest key holds 20 % of its limit: 80 % left, a quarter of it granted.
        assert_eq!(share.ppm, 200_000);
        // Past half of the reserve, or of any per-key limit, counting the others' shares, nothing is granted.
        assert_eq!(grant(&l, 500_001, loads, Others::default()), None);
        assert_eq!(grant(&l, 200_000, loads, Others { room_left: 300_001, ppm: 0 }), None);
        assert_eq!(grant(&l, 0, Loads { staked: 5_001, ..loads }, Others::default()), None);
        assert_eq!(grant(&l, 0, loads, Others { room_left: 0, ppm: 300_001 }), None);
        // A limit of zero sells nothing: nothing to share.
        assert_eq!(grant(&limits(1_000_000, 0), 0, Loads::default(), Others::default()), None);
    }

    #[test]
    fn without_limits_of_a_kind_the_share_is_unbounded_in_that_kind() {
        let only_reserve = RiskLimits { reserve: Some(Kobo(400)), ..RiskLimits::default() };
        assert_eq!(
            grant(&only_reserve, 0, Loads { staked: 10_000, riding: 10_000, combination: 10_000 }, Others::default()),
            Some(ShareTerms { room: 100, ppm: PPM })
        );
        let only_stake = RiskLimits { max_stake_per_number: Some(Kobo(1_000)), ..RiskLimits::default() };
        let share = grant(&only_stake, i64::MAX, Loads::default(), Others::default()).unwrap();
        assert_eq!(share.ppm, PPM / 4);
        assert!(share.room > 0);
    }

    /// The invariant every check relies on: what the draw carries when shares are granted, plus every holder filling
    /// its share, stays within every limit; and the lock's own sales, kept within `left_by`, leave the holders
    /// their shares. Checked on the sums that bound the worst case and each key.
    #[test]
    fn grants_never_promise_more_than_the_draw_has_left() {
        let l = limits(10_000_000, 777_777);
        for (carried, heaviest) in [(0, 0), (1_234_567, 100_001), (4_999_999, 388_000)] {
            let mut others = Others::default();
            let mut grants = Vec::new();
            let loads = Loads { staked: heaviest, riding: heaviest, combination: heaviest };
            while let Some(share) = grant(&l, carried, loads, others) {
                grants.push(share);
                others = others.plus(share.room, 0, share.ppm);
            }
            assert!(!grants.is_empty(), "far from the limits, a share is granted");
            let rooms: i64 = grants.iter().map(|s| s.room).sum();
            let parts: i64 =
                grants.iter().map(|s| within_share(&l, s.ppm).max_stake_per_number.unwrap().as_i64()).sum();
            assert!(carried + rooms <= 10_000_000, "{carried} + {rooms}");
            assert!(heaviest + parts <= 777_777, "{heaviest} + {parts}");
            let left = left_by(&l, others);
            assert!(
                carried <= left.reserve.unwrap().as_i64() && heaviest <= left.max_stake_per_number.unwrap().as_i64()
            );
        }
    }

    #[test]
    fn a_holders_part_is_rounded_down_and_what_others_leave_may_go_negative() {
        assert_eq!(part(Kobo(999), 333_333), 332);
        assert_eq!(within_share(&limits(5, 999), 333_333).max_number_payout, Some(Kobo(332)));
        assert_eq!(within_share(&limits(5, 999), 333_333).reserve, None);
        let left = left_by(&limits(100, 1_000), Others { room_left: 150, ppm: 500_000 });
        assert_eq!(left.reserve, Some(Kobo(-50)));
        assert_eq!(left.max_combination_payout, Some(Kobo(500)));
        assert!(Others::default().plus(10, 10, 0).room_left == 0 && !Others::default().plus(10, 10, 0).any());
        assert_eq!(Others::default().plus(10, 10, 300_000), Others::default(), "a used-up share holds nothing back");
        assert_eq!(Others::default().plus(10, 4, 300_000), Others { room_left: 6, ppm: 300_000 });
        let heavy = Loads { staked: 0, riding: 0, combination: 501 };
        assert!(keys_half_used(&limits(5, 1_000), heavy));
        assert!(!keys_half_used(&limits(5, 1_000), Loads { combination: 500, ..heavy }));
        assert!(!keys_half_used(&RiskLimits { reserve: Some(Kobo(1)), ..RiskLimits::default() }, heavy));
    }
}
