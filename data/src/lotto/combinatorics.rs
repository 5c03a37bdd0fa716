//! Binomial coefficients, the arithmetic behind PERM lines.
//!
//! A PERMk ticket on n numbers is every k-combination of them, C(n, k) lines; when m of its numbers are
//! drawn, C(m, k) of those lines win. Lotto sizes are tiny (n ≤ 90, k ≤ 5, so at most C(90, 5) =
//! 43,949,268), but the function is total anyway: it never panics and saturates rather than wraps.

/// C(n, k): the number of ways to choose `k` items from `n`; 0 when `k > n`.
pub fn choose(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    // C(n, k) = C(n, n − k): the shorter product has fewer steps and smaller intermediates.
    let k = k.min(n - k);
    let mut result: u128 = 1;
    for i in 0..k {
        // After this step `result` is C(n, i + 1), an integer, so the division is exact.
        let Some(product) = result.checked_mul(u128::from(n - i)) else {
            return u64::MAX;
        };
        result = product / u128::from(i + 1);
    }
    u64::try_from(result).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choose_matches_the_perm_line_counts_players_know() {
        assert_eq!(choose(3, 2), 3);
        assert_eq!(choose(5, 2), 10);
        assert_eq!(choose(25, 2), 300);
        assert_eq!(choose(20, 3), 1_140);
        assert_eq!(choose(15, 4), 1_365);
        assert_eq!(choose(10, 5), 252);
        assert_eq!(choose(90, 5), 43_949_268);
    }

    #[test]
    fn choose_handles_the_edges() {
        assert_eq!(choose(0, 0), 1);
        assert_eq!(choose(7, 0), 1);
        assert_eq!(choose(7, 7), 1);
        assert_eq!(choose(4, 5), 0);
        assert_eq!(choose(1, 1), 1);
    }

    #[test]
    fn choose_saturates_instead_of_overflowing() {
        assert_eq!(choose(u64::MAX, 3), u64::MAX);
        assert_eq!(choose(200, 100), u64::MAX);
    }

    #[test]
    fn choose_follows_pascals_rule() {
        for n in 1..=60 {
            for k in 1..=n {
                assert_eq!(choose(n, k), choose(n - 1, k - 1) + choose(n - 1, k), "n={n} k={k}");
            }
        }
    }
}
