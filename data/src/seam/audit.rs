//! The money checks a store must pass (after `ayo restore`, in drills, and before `ayo migrate` commits its copy):
//! every wallet's ledger sums to its balance and no balance is negative; every ticket of every settled draw is
//! settled, and the draw counts them all. Each engine runs them its own way; this is what they report.

/// What an audit looked at, and what it found wrong (nothing, for a sound store).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct AuditReport {
    pub wallets: u64,
    pub ledger_entries: u64,
    pub settled_draws: u64,
    pub settled_tickets: u64,
    pub problems: Vec<String>,
}

impl AuditReport {
    pub fn is_sound(&self) -> bool {
        self.problems.is_empty()
    }
}
