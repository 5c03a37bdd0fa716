//! `ayo migrate --from-data-dir D --to postgres://…`: moves an embedded install into PostgreSQL, the cluster
//! mode's system of record (issue 14), and says so only once the copy has been checked (`ayo_data::migrate`).

use std::path::Path;

use anyhow::Context;

use crate::server::config::Settings;
use crate::server::startup::open_store;

pub fn migrate(from_data_dir: &Path, to: &str) -> anyhow::Result<String> {
    let settings = Settings::new(String::new(), from_data_dir.to_path_buf(), false).with_env();
    let store = open_store(&settings).context("stop the server running on this data directory first")?;
    let imported = actix_web::rt::System::new().block_on(async {
        let mut client = ayo_data::pg::connect(to).await?;
        ayo_data::migrate::import(&store, &mut client).await
    })?;
    Ok(format!(
        "Migrated {} records of {} trees from {}, checked against the store before committing:\n\
         {} accounts, {} wallets each with its ledger ({} entries) summing to its balance, {} games, {} draws \
         ({} settled, holding all {} of their tickets), {} tickets in all.\n\
         Seeds and second factors stay sealed: give every node the same AYO_SEED_KEY (or this data directory's \
         secrets/seed.key).",
        imported.records,
        imported.trees,
        from_data_dir.display(),
        imported.users,
        imported.audit.wallets,
        imported.ledger_entries,
        imported.games,
        imported.draws,
        imported.audit.settled_draws,
        imported.audit.settled_tickets,
        imported.tickets,
    ))
}
