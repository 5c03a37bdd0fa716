//! Server secrets kept in `<data-dir>/secrets/`: made once from the OS CSPRNG, readable by the owner only.

use std::fs;
use std::io::Write;
use std::path::Path;

use anyhow::Context;
use rand::RngCore;

/// Reads the named 32-byte secret, creating it on first use.
pub fn load_or_create(data_dir: &Path, name: &str) -> anyhow::Result<Vec<u8>> {
    let dir = data_dir.join("secrets");
    let path = dir.join(format!("{name}.key"));
    if let Ok(existing) = fs::read_to_string(&path) {
        return hex::decode(existing.trim()).with_context(|| format!("{} is not hex", path.display()));
    }
    fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    let mut key = vec![0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut key);
    let mut options = fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(&path).with_context(|| format!("creating {}", path.display()))?;
    file.write_all(hex::encode(&key).as_bytes())?;
    file.sync_all()?;
    Ok(key)
}
