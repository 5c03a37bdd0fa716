//! Server secrets on disk: the keys kept in `<data-dir>/secrets/` (which of them a server uses, or takes from its
//! settings instead, is `crate::server::keys`). They are made once from the OS CSPRNG, readable by the owner only. The data
//! directory itself (database, outbox with its codes, secrets) is the owner's alone too: 0700 directories, 0600
//! files, whatever the umask.

pub mod strength;

use std::fs;
use std::io::Write;
use std::path::Path;

use anyhow::Context;
use rand::RngCore;

/// Reads the named 32-byte secret, creating it on first use.
pub fn load_or_create(data_dir: &Path, name: &str) -> anyhow::Result<Vec<u8>> {
    let dir = data_dir.join("secrets");
    let path = dir.join(format!("{name}.key"));
    if !path.exists() {
        private_dir(&dir)?;
    }
    load_or_create_file(&path).map(Vec::from)
}

/// Reads a 32-byte key kept as 64 hex in `path`, creating it (0600) from the OS CSPRNG when missing.
pub fn load_or_create_file(path: &Path) -> anyhow::Result<[u8; 32]> {
    let mut key = [0u8; 32];
    if let Ok(existing) = fs::read_to_string(path) {
        hex::decode_to_slice(existing.trim(), &mut key)
            .with_context(|| format!("{} is not 64 hexadecimal characters", path.display()))?;
        return Ok(key);
    }
    rand::rngs::OsRng.fill_bytes(&mut key);
    let mut options = fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(path).with_context(|| format!("creating {}", path.display()))?;
    file.write_all(hex::encode(key).as_bytes())?;
    file.sync_all()?;
    Ok(key)
}

/// Creates `dir` (and its parents) as 0700, or narrows an existing one to 0700.
pub fn private_dir(dir: &Path) -> anyhow::Result<()> {
    let mut builder = fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
        builder.mode(0o700);
        builder.create(dir).with_context(|| format!("creating {}", dir.display()))?;
        fs::set_permissions(dir, fs::Permissions::from_mode(0o700))
            .with_context(|| format!("restricting {}", dir.display()))?;
    }
    #[cfg(not(unix))]
    builder.create(dir).with_context(|| format!("creating {}", dir.display()))?;
    Ok(())
}

/// Writes a file only its owner can read (0600), replacing any earlier one.
pub fn write_private(path: &Path, contents: &[u8]) -> anyhow::Result<()> {
    let mut options = fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(path).with_context(|| format!("writing {}", path.display()))?;
    file.write_all(contents)?;
    file.sync_all()?;
    Ok(())
}

/// A database URL without its password, for messages and logs.
pub fn redacted(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else { return url.to_string() };
    match rest.split_once('@') {
        Some((user_info, host)) => {
            let user = user_info.split(':').next().unwrap_or_default();
            format!("{scheme}://{user}:***@{host}")
        }
        None => url.to_string(),
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn the_data_directory_and_its_secrets_are_the_owners_alone() {
        let root = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let data = root.path().join("var");
        private_dir(&data).unwrap_or_else(|e| panic!("{e}"));
        load_or_create(&data, "jwt").unwrap_or_else(|e| panic!("{e}"));
        let mode = |p: &Path| fs::metadata(p).map(|m| m.permissions().mode() & 0o777).unwrap_or(0);
        assert_eq!(mode(&data), 0o700);
        assert_eq!(mode(&data.join("secrets")), 0o700);
        assert_eq!(mode(&data.join("secrets/jwt.key")), 0o600);
    }

    #[test]
    fn a_database_url_is_shown_without_its_password() {
        assert_eq!(redacted("postgres://ayo:hunter2@db.internal/ayo"), "postgres://ayo:***@db.internal/ayo");
        assert_eq!(redacted("postgres://db.internal/ayo"), "postgres://db.internal/ayo");
    }
}
