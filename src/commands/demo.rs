//! `--demo`: a demo admin whose password and authenticator secret are made once and kept in the data directory, so
//! they can be printed on every start. Demo games join this with the draws engine.

use std::path::Path;

use rand::distributions::{Alphanumeric, DistString};

use ayo_data::account::Email;
use ayo_data::seam::{Staff, WitnessEntry};
use ayo_data::user::Role;
use ayo_data::Store;

use crate::auth::{password, totp};

pub const DEMO_ADMIN_EMAIL: &str = "admin@ayolotto.demo";

/// What `--demo` prints for its admin.
pub struct DemoAdmin {
    pub password: String,
    /// The enrolled authenticator secret, as the URI an authenticator app scans.
    pub otpauth_uri: String,
}

/// Ensures the demo admin exists, enrolled with a TOTP secret, and returns its credentials.
pub fn seed_admin(store: &Store, data_dir: &Path) -> anyhow::Result<DemoAdmin> {
    let (password_file, secret_file) = (data_dir.join("demo-admin-password.txt"), data_dir.join("demo-admin-totp.txt"));
    let email = Email::parse(DEMO_ADMIN_EMAIL).map_err(|e| anyhow::anyhow!("{e}"))?;
    let saved = (std::fs::read_to_string(&password_file), std::fs::read_to_string(&secret_file));
    let existing = store.users.find_by_email(&email)?.filter(|u| u.second_factor.is_enrolled());
    let (password, secret) = match (saved, existing) {
        ((Ok(password), Ok(secret)), Some(_)) => (password.trim().to_string(), secret.trim().to_string()),
        _ => {
            let password = Alphanumeric.sample_string(&mut rand::thread_rng(), 20);
            let secret = totp::new_secret();
            let hash = password::hash(&password)?;
            let staff = Staff {
                email,
                name: "Demo Admin".into(),
                password_hash: hash,
                role: Role::Admin,
                totp_secret: Some(secret.clone()),
            };
            store.users.upsert_staff(&staff)?;
            store.flush_blocking()?;
            crate::secrets::write_private(&password_file, password.as_bytes())?;
            crate::secrets::write_private(&secret_file, secret.as_bytes())?;
            (password, secret)
        }
    };
    Ok(DemoAdmin { otpauth_uri: totp::otpauth_uri(totp::ISSUER, DEMO_ADMIN_EMAIL, &secret), password })
}

pub const DEMO_WITNESS_EMAIL: &str = "witness@ayolotto.demo";

/// What the demo witness's public entry says about who runs it (docs/decisions/046).
pub const DEMO_WITNESS_NOTE: &str = "Run by the operator, for the demo only: not an independent witness";

/// Starts the demo's witness inside the server, so the demo's draws show the whole scheme and are sold (no draw is
/// sold without a witness). Not independent, and its public entry says so: a real witness runs `ayo witness` on its
/// own machine with its own key (docs/decisions/017, 046).
pub fn start_witness(store: &Store, data_dir: &Path, base_url: &str) -> anyhow::Result<()> {
    let email = Email::parse(DEMO_WITNESS_EMAIL).map_err(|e| anyhow::anyhow!("{e}"))?;
    let password = Alphanumeric.sample_string(&mut rand::thread_rng(), 24);
    let hash = password::hash(&password)?;
    let staff =
        Staff { email, name: "Demo witness".into(), password_hash: hash, role: Role::Witness, totp_secret: None };
    let (user, _) = store.users.upsert_staff(&staff)?;
    let key = crate::secrets::load_or_create(data_dir, "demo-witness")?;
    let key: [u8; 32] = key.try_into().map_err(|_| anyhow::anyhow!("secrets/demo-witness.key is not 32 bytes"))?;
    let witness = crate::jobs::witness::Witness {
        base_url: base_url.to_string(),
        email: DEMO_WITNESS_EMAIL.to_string(),
        password,
        key,
        record: None,
    };
    // Registered here, with its label, before the tool's own registration (which then finds the same key).
    let entry = WitnessEntry {
        witness_id: user.id,
        name: user.name.clone(),
        public_key: witness.public_key(),
        since: chrono::Utc::now(),
        note: Some(DEMO_WITNESS_NOTE.to_string()),
    };
    if let Err(e) = store.witness.register(&entry)? {
        anyhow::bail!("the demo witness's key: {e}");
    }
    store.flush_blocking()?;
    actix_web::rt::spawn(async move {
        if let Err(e) = crate::jobs::witness::run(witness, false).await {
            tracing::error!(error = %e, "the demo witness stopped");
        }
    });
    Ok(())
}
