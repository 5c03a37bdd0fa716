//! Random valid bets of every type on a small board, for the tests that check the house's risk against every result.

use ayo_data::lotto::Bet;

/// The numbers 1..=n in an order fixed by `seed`.
pub fn shuffled(n: u8, seed: u64) -> Vec<u8> {
    let mut numbers: Vec<u8> = (1..=n).collect();
    let mut state = seed | 1;
    for i in (1..numbers.len()).rev() {
        state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let j = (state >> 33) as usize % (i + 1);
        numbers.swap(i, j);
    }
    numbers
}

/// A valid bet of kind `kind` (0–10: NAP1–5, PERM2–5, BANKER, AGAINST) on a board of n numbers.
pub fn bet_of(kind: usize, n: u8, seed: u64, size: usize) -> Bet {
    let picks = shuffled(n, seed);
    match kind {
        0..=4 => Bet::Nap { numbers: picks[..=kind].to_vec() },
        5..=8 => {
            let k = (kind - 3) as u8;
            let most = Bet::perm_max_numbers(k).min(usize::from(n));
            let count = (usize::from(k) + 1 + size % (most - usize::from(k))).min(most);
            Bet::Perm { k, numbers: picks[..count].to_vec() }
        }
        9 => Bet::Banker { banker: picks[0] },
        _ => {
            let top = 1 + size % 3;
            let bottom = 1 + (size / 3) % 4;
            let bottom = if top * bottom < 2 { 2 } else { bottom };
            Bet::Against { top: picks[..top].to_vec(), bottom: picks[top..top + bottom].to_vec() }
        }
    }
}
