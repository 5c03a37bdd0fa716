//! The largest stake a refused ticket could still be sold at, for the player's message.

use crate::money::Kobo;

/// The largest stake per line from `least` up to below `asked` that `fits`, if any. Whether a ticket fits grows no
/// easier as its stake grows, so a binary search finds it in O(log asked) checks.
pub fn largest_stake(asked: Kobo, least: Kobo, mut fits: impl FnMut(Kobo) -> bool) -> Option<Kobo> {
    let (mut low, mut high) = (least.as_i64().max(1), asked.as_i64().saturating_sub(1));
    if low > high || !fits(Kobo(low)) {
        return None;
    }
    while low < high {
        let mid = low + (high - low + 1) / 2;
        if fits(Kobo(mid)) {
            low = mid;
        } else {
            high = mid - 1;
        }
    }
    Some(Kobo(low))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_fitting_stake_is_found_and_none_when_even_the_least_does_not_fit() {
        assert_eq!(largest_stake(Kobo(10_000), Kobo(500), |s| s.as_i64() <= 2_345), Some(Kobo(2_345)));
        assert_eq!(largest_stake(Kobo(10_000), Kobo(500), |s| s.as_i64() <= 100), None);
        assert_eq!(largest_stake(Kobo(500), Kobo(500), |_| true), None);
    }
}
