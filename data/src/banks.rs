//! Nigerian banks with their CBN/NIBSS codes, kept as data in the repository (`data/banks.json`).

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bank {
    pub name: String,
    pub code: String,
    pub slug: String,
    /// Whether this bank's account numbers are NUBANs of `code`. False for wallets whose numbers are derived from
    /// a phone number or whose listed code is not the CBN code their NUBANs use (docs/decisions/006).
    #[serde(default = "nuban_by_default")]
    pub nuban_check: bool,
}

fn nuban_by_default() -> bool {
    true
}

const BANKS_JSON: &str = include_str!("../banks.json");

/// Every bank, sorted by name. The list is compiled in; a test proves it parses.
pub fn all() -> Vec<Bank> {
    serde_json::from_str(BANKS_JSON).unwrap_or_default()
}

pub fn by_code(code: &str) -> Option<Bank> {
    all().into_iter().find(|b| b.code == code)
}
