//! What an audit entry may hold, for every writer of the log (`crate::http::audit` for requests, `crate::bus::lead`
//! for what a node does on another's behalf): details and targets cut to `DETAIL_MAX` characters, so the log is no
//! lever to fill the disk.

/// Longest detail (and target) kept, in characters.
pub const DETAIL_MAX: usize = 500;

/// At most `DETAIL_MAX` characters, marked when cut.
pub fn clip(text: &str) -> String {
    match text.char_indices().nth(DETAIL_MAX) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_details_are_cut_on_a_character_boundary() {
        assert_eq!(clip("short"), "short");
        let long = "₦".repeat(DETAIL_MAX + 10);
        let cut = clip(&long);
        assert_eq!(cut.chars().count(), DETAIL_MAX + 1);
        assert!(cut.ends_with('…'));
    }
}
