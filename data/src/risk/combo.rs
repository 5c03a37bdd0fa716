//! A combination of one to five distinct numbers, as one `u64` key: the numbers in ascending order, one byte each,
//! lowest first. Numbers are 1–90, never 0, so the key's length is its count of non-zero bytes and no two
//! combinations share a key. The liability tables are keyed by it (docs/decisions/048-exact-liability.md).

use serde::{Serialize, Serializer};

/// Up to five distinct numbers, ascending.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Combo(pub u64);

impl Combo {
    /// The combination of `numbers` (any order, no repeats, 1–5 of them, each 1–255).
    pub fn of(numbers: &[u8]) -> Combo {
        let mut sorted = numbers.to_vec();
        sorted.sort_unstable();
        Combo::sorted(&sorted)
    }

    /// The combination of `numbers` already in ascending order.
    pub fn sorted(numbers: &[u8]) -> Combo {
        Combo(numbers.iter().take(8).enumerate().fold(0, |key, (i, n)| key | (u64::from(*n) << (8 * i))))
    }

    /// How many numbers it holds.
    pub fn len(self) -> usize {
        self.numbers().len()
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Its numbers, ascending.
    pub fn numbers(self) -> Vec<u8> {
        self.0.to_le_bytes().into_iter().take_while(|n| *n != 0).collect()
    }

    /// How a message names it: "7", "7 and 21", "7, 21 and 40".
    pub fn spoken(self) -> String {
        let numbers: Vec<String> = self.numbers().iter().map(u8::to_string).collect();
        match numbers.split_last() {
            None => String::new(),
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        }
    }
}

impl Serialize for Combo {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.numbers().serialize(s)
    }
}

/// Calls `visit` with every `size`-subset of `items` (in lexicographic order of positions), as a slice.
pub fn for_each_subset(items: &[u8], size: usize, visit: &mut dyn FnMut(&[u8])) {
    if size > items.len() {
        return;
    }
    let mut picked = Vec::with_capacity(size);
    walk(items, size, 0, &mut picked, visit);
}

fn walk(items: &[u8], size: usize, from: usize, picked: &mut Vec<u8>, visit: &mut dyn FnMut(&[u8])) {
    if picked.len() == size {
        visit(picked);
        return;
    }
    let needed = size - picked.len();
    for i in from..=items.len().saturating_sub(needed) {
        if let Some(item) = items.get(i) {
            picked.push(*item);
            walk(items, size, i + 1, picked, visit);
            picked.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_combination_keeps_its_numbers_in_order_whatever_order_they_came_in() {
        let combo = Combo::of(&[21, 7, 40]);
        assert_eq!(combo.numbers(), vec![7, 21, 40]);
        assert_eq!(combo.len(), 3);
        assert_eq!(combo, Combo::sorted(&[7, 21, 40]));
        assert_eq!(combo.spoken(), "7, 21 and 40");
        assert_eq!(Combo::of(&[7, 21]).spoken(), "7 and 21");
        assert_eq!(Combo::of(&[90]).spoken(), "90");
    }

    #[test]
    fn subsets_are_every_choice_once() {
        let mut seen = Vec::new();
        for_each_subset(&[1, 2, 3, 4], 2, &mut |s| seen.push(s.to_vec()));
        assert_eq!(seen, vec![vec![1, 2], vec![1, 3], vec![1, 4], vec![2, 3], vec![2, 4], vec![3, 4]]);
        let mut none = 0;
        for_each_subset(&[1, 2], 3, &mut |_| none += 1);
        assert_eq!(none, 0);
    }
}
