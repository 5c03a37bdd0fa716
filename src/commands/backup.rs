//! `ayo backup --store` and `ayo restore --store`: a cluster's backup is its database's own (docs/scaling.md). A
//! dump is taken with `pg_dump` in its custom format (one consistent snapshot: purchases go on meanwhile), restored
//! with `pg_restore` into an empty database, and the restored copy must pass the money audit (ledger = balances,
//! every ticket of every settled draw settled) before the restore reports success. Continuous protection between
//! dumps is PostgreSQL's: a synchronous standby, base backups and WAL archiving.

use std::path::Path;
use std::process::Command;

use anyhow::{bail, Context};

use crate::secrets::redacted;

/// Dumps the cluster's database at `url` into `file`.
pub fn dump(url: &str, file: &Path) -> anyhow::Result<String> {
    let partial = file.with_extension("partial");
    run(Command::new("pg_dump")
        .args(["--format=custom", "--no-owner", "--file"])
        .arg(&partial)
        .arg("--dbname")
        .arg(url))?;
    std::fs::rename(&partial, file).with_context(|| format!("moving the dump to {}", file.display()))?;
    let bytes = std::fs::metadata(file)?.len();
    Ok(format!(
        "Dumped {} ({bytes} bytes, pg_dump custom format) to {}\nThe seal key (AYO_SEED_KEY) is not in the copy: keep it apart.",
        redacted(url),
        file.display()
    ))
}

/// Restores `file` (a `dump`) into the empty database at `url`, then audits its money.
pub fn restore(file: &Path, url: &str) -> anyhow::Result<String> {
    anyhow::ensure!(file.exists(), "{} does not exist", file.display());
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    let tables: i64 = runtime.block_on(async {
        let client = ayo_data::pg::connect(url).await?;
        let row = client
            .query_one("SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'", &[])
            .await?;
        Ok::<_, anyhow::Error>(row.get(0))
    })?;
    if tables > 0 {
        bail!("{} is not empty ({tables} tables): restore into a new database", redacted(url));
    }
    run(Command::new("pg_restore")
        .args(["--no-owner", "--exit-on-error", "--single-transaction", "--dbname"])
        .arg(url)
        .arg(file))?;
    let report = runtime.block_on(async {
        let client = ayo_data::pg::connect(url).await?;
        Ok::<_, anyhow::Error>(ayo_data::pg::audit::audit(&client).await?)
    })?;
    if !report.is_sound() {
        bail!(
            "the restored copy in {} fails the money audit: do not serve from it\n  {}",
            redacted(url),
            report.problems.join("\n  ")
        );
    }
    Ok(format!(
        "Restored {} into {}\nAudit: {} wallets, each ledger ({} entries) summing to its balance; {} settled draws with all {} tickets settled.",
        file.display(),
        redacted(url),
        report.wallets,
        report.ledger_entries,
        report.settled_draws,
        report.settled_tickets,
    ))
}

fn run(command: &mut Command) -> anyhow::Result<()> {
    let program = command.get_program().to_string_lossy().into_owned();
    let output = command.output().with_context(|| format!("running {program} (install PostgreSQL's client tools)"))?;
    if !output.status.success() {
        bail!("{program} failed: {}", String::from_utf8_lossy(&output.stderr).trim());
    }
    Ok(())
}
