//! `--demo`: a demo admin whose password is made once and kept in the data directory, so it can be printed on
//! every start. Demo games join this with the draws engine.

use std::path::Path;

use anyhow::Context;
use rand::distributions::{Alphanumeric, DistString};

use ayo_data::account::Email;
use ayo_data::Store;

use crate::auth::password;

pub const DEMO_ADMIN_EMAIL: &str = "admin@ayolotto.demo";

/// Ensures the demo admin exists and returns its password.
pub fn seed_admin(store: &Store, data_dir: &Path) -> anyhow::Result<String> {
    let file = data_dir.join("demo-admin-password.txt");
    let email = Email::parse(DEMO_ADMIN_EMAIL).map_err(|e| anyhow::anyhow!("{e}"))?;
    if let (Ok(saved), Some(_)) = (std::fs::read_to_string(&file), store.users.find_by_email(&email)?) {
        return Ok(saved.trim().to_string());
    }
    let secret = Alphanumeric.sample_string(&mut rand::thread_rng(), 16);
    let hash = password::hash(&secret)?;
    store.users.upsert_admin(&email, "Demo Admin", &hash)?;
    store.flush_blocking()?;
    std::fs::write(&file, &secret).with_context(|| format!("writing {}", file.display()))?;
    Ok(secret)
}
