//! The local control socket, `<data-dir>/control.sock` (0600, in the 0700 data directory): how `ayo backup` asks the
//! server running on a data directory for a consistent copy without stopping it. One request per connection, one
//! line each way: `backup <absolute path>` → `ok <records> <bytes> <sha256>` or `error <message>`.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{UnixListener, UnixStream};

use ayo_data::Store;

pub const SOCKET: &str = "control.sock";

/// Listens on the data directory's control socket for as long as the server runs.
pub fn listen(data_dir: &Path, store: Store) -> anyhow::Result<()> {
    let path = data_dir.join(SOCKET);
    // A socket left by a server that was killed: nobody answers on it any more.
    let _ = std::fs::remove_file(&path);
    let listener = UnixListener::bind(&path).with_context(|| format!("binding {}", path.display()))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600))?;
    }
    actix_web::rt::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            actix_web::rt::spawn(answer(stream, store.clone()));
        }
    });
    Ok(())
}

async fn answer(stream: UnixStream, store: Store) {
    let (read, mut write) = stream.into_split();
    let mut line = String::new();
    if BufReader::new(read).read_line(&mut line).await.is_err() {
        return;
    }
    let reply = match line.trim().split_once(' ') {
        Some(("backup", target)) => {
            let target = PathBuf::from(target);
            match tokio::task::spawn_blocking(move || write_backup(&store, &target)).await {
                Ok(Ok(written)) => format!("ok {} {} {}\n", written.records, written.bytes, written.sha256),
                Ok(Err(e)) => format!("error {e:#}\n"),
                Err(e) => format!("error {e}\n"),
            }
        }
        _ => "error unknown request (expected: backup <absolute path>)\n".to_string(),
    };
    let _ = write.write_all(reply.as_bytes()).await;
}

/// Writes a consistent copy of `store` to `target`, atomically: a partial file is written and synced, then renamed.
pub fn write_backup(store: &Store, target: &Path) -> anyhow::Result<ayo_data::embedded::Written> {
    anyhow::ensure!(target.is_absolute(), "the backup path must be absolute");
    let partial = target.with_extension("partial");
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let file = options.open(&partial).with_context(|| format!("creating {}", partial.display()))?;
    let mut out = std::io::BufWriter::new(file);
    let written = store.snapshot(&mut out)?;
    out.flush()?;
    out.get_ref().sync_all()?;
    std::fs::rename(&partial, target).with_context(|| format!("renaming to {}", target.display()))?;
    Ok(written)
}

/// `ayo backup`: through the server running on `data_dir` when there is one, else straight from the store.
pub fn backup(data_dir: &Path, file: &Path, open: impl FnOnce() -> anyhow::Result<Store>) -> anyhow::Result<String> {
    let target = std::path::absolute(file)?;
    let socket = data_dir.join(SOCKET);
    if let Ok(mut stream) = std::os::unix::net::UnixStream::connect(&socket) {
        writeln!(stream, "backup {}", target.display())?;
        let mut reply = String::new();
        std::io::BufRead::read_line(&mut std::io::BufReader::new(&stream), &mut reply)?;
        let reply = reply.trim();
        let Some(done) = reply.strip_prefix("ok ") else {
            bail!("the server refused the backup: {}", reply.strip_prefix("error ").unwrap_or(reply));
        };
        let mut fields = done.split(' ');
        let mut next = || fields.next().unwrap_or("?");
        let (records, bytes, sha) = (next(), next(), next());
        return Ok(describe(&target, records, bytes, sha, "by the running server"));
    }
    let store = open().context("no server answers on the control socket, and the store cannot be opened")?;
    let written = write_backup(&store, &target)?;
    let (records, bytes) = (written.records.to_string(), written.bytes.to_string());
    Ok(describe(&target, &records, &bytes, &written.sha256, "from the stopped store"))
}

fn describe(target: &Path, records: &str, bytes: &str, sha: &str, how: &str) -> String {
    format!(
        "Backed up {records} records ({bytes} bytes, sha256 {sha}) {how} to {}\nThe seal key is not in the copy: keep \
         <data-dir>/secrets/ backed up separately.",
        target.display()
    )
}

/// `ayo restore`: brings `file` back into the new data directory `data_dir`, and audits its money before saying so.
pub fn restore(file: &Path, data_dir: &Path) -> anyhow::Result<String> {
    crate::secrets::private_dir(data_dir)?;
    let db = data_dir.join("db");
    let input = std::fs::File::open(file).with_context(|| format!("opening {}", file.display()))?;
    let records = Store::restore(std::io::BufReader::new(input), &db)?;
    let report = Store::open(&db)?.audit()?;
    if !report.is_sound() {
        let _ = std::fs::remove_dir_all(&db);
        bail!("the copy fails the money audit, so nothing was restored:\n  {}", report.problems.join("\n  "));
    }
    Ok(format!(
        "Restored {records} records into {}\nAudit: {} wallets, each ledger ({} entries) summing to its balance; {} settled draws with all {} tickets settled.\nCopy the old <data-dir>/secrets/ into {}/secrets/ (or set AYO_SEED_KEY) before serving: draws not yet drawn need the seal key.",
        db.display(),
        report.wallets,
        report.ledger_entries,
        report.settled_draws,
        report.settled_tickets,
        data_dir.display()
    ))
}
