//! Server secrets: the keys kept in `<data-dir>/secrets/`, or given to a cluster node alike on every node. Those in
//! `<data-dir>/secrets/` are made once from the OS CSPRNG, readable by the owner only. The data
//! directory itself (database, outbox with its codes, secrets) is the owner's alone too: 0700 directories, 0600
//! files, whatever the umask.

use std::fs;
use std::io::Write;
use std::path::Path;

use anyhow::Context;
use rand::RngCore;

use ayo_data::store::OtpPepper;

use crate::config::Settings;

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

/// The key sealing draw seeds and NINs (`startup::open_store`): `AYO_SEED_KEY`, else `<data-dir>/secrets/seed.key`;
/// a cluster node must be given `AYO_SEED_KEY`, the same on every node.
pub fn seed_key(settings: &Settings) -> anyhow::Result<Vec<u8>> {
    match &settings.seed_key {
        Some(hex_key) => Ok(crate::secret_strength::hex_key("AYO_SEED_KEY", hex_key)?),
        None if settings.store_url.is_some() => Err(anyhow::anyhow!(
            "a cluster node needs AYO_SEED_KEY (64 hex characters: openssl rand -hex 32), the same on every node: \
             seeds sealed by one node are opened by whichever node draws"
        )),
        None => load_or_create(&settings.data_dir, "seed"),
    }
}

/// The secrets that sign tokens and pepper one-time codes. On one node they are made in `<data-dir>/secrets/` at
/// first start unless `AYO_JWT_SECRET` is set; every node of a cluster must share them, so a cluster node requires
/// `AYO_JWT_SECRET` and derives the pepper from the seed key it shares (HMAC-SHA256 under a label of its own: the
/// pepper reveals nothing of the key).
pub fn token_and_code(settings: &Settings) -> anyhow::Result<(Vec<u8>, OtpPepper)> {
    if settings.store_url.is_some() {
        let jwt = settings.jwt_secret.as_ref().ok_or_else(|| {
            anyhow::anyhow!("a cluster node needs AYO_JWT_SECRET, the same on every node: a token signed by one node is checked by another")
        })?;
        let pepper = {
            use hmac::Mac;
            let mut mac = hmac::Hmac::<sha2::Sha256>::new_from_slice(&seed_key(settings)?)
                .map_err(|e| anyhow::anyhow!("the seed key: {e}"))?;
            mac.update(b"ayo one-time code pepper");
            mac.finalize().into_bytes().to_vec()
        };
        return Ok((jwt.as_bytes().to_vec(), OtpPepper::new(&pepper)));
    }
    let jwt = match &settings.jwt_secret {
        Some(secret) => secret.as_bytes().to_vec(),
        None => load_or_create(&settings.data_dir, "jwt")?,
    };
    Ok((jwt, OtpPepper::new(&load_or_create(&settings.data_dir, "otp")?)))
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

    /// Two seed keys that meet `secret_strength`'s rule.
    const SEED_KEY: &str = "a391782a9032fe2b85330b186c3f197eddaa809ba51193c2b5ca13e6b7bdbbc6";
    const OTHER_SEED_KEY: &str = "557d1f78671a955dfcae4d8220cc2f0b01eaa687cd09892e1a2bec7dda68ee51";

    fn cluster_node(data_dir: &Path) -> Settings {
        let mut settings = Settings::new(String::new(), data_dir.to_path_buf(), false);
        settings.store_url = Some("postgres://ayo:hunter2@db.internal/ayo".into());
        settings
    }

    #[test]
    fn a_cluster_node_refuses_to_make_secrets_of_its_own() {
        let root = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let mut node = cluster_node(root.path());
        let refused = seed_key(&node).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(refused.contains("AYO_SEED_KEY"), "{refused}");
        node.seed_key = Some(SEED_KEY.into());
        let refused = token_and_code(&node).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(refused.contains("AYO_JWT_SECRET"), "{refused}");
        assert!(!root.path().join("secrets").exists(), "no per-node key was made");
    }

    #[test]
    fn cluster_nodes_given_the_same_keys_check_each_others_codes() {
        let (one, two) = (tempfile::tempdir(), tempfile::tempdir());
        let (one, two) = (one.unwrap_or_else(|e| panic!("{e}")), two.unwrap_or_else(|e| panic!("{e}")));
        let peppers: Vec<String> = [one.path(), two.path()]
            .iter()
            .map(|dir| {
                let mut node = cluster_node(dir);
                node.seed_key = Some(SEED_KEY.into());
                node.jwt_secret = Some("shared".into());
                let (_, pepper) = token_and_code(&node).unwrap_or_else(|e| panic!("{e}"));
                pepper.tag("verification", "123456")
            })
            .collect();
        assert_eq!(peppers[0], peppers[1]);
        let mut other = cluster_node(one.path());
        other.seed_key = Some(OTHER_SEED_KEY.into());
        other.jwt_secret = Some("shared".into());
        let (_, pepper) = token_and_code(&other).unwrap_or_else(|e| panic!("{e}"));
        assert_ne!(pepper.tag("verification", "123456"), peppers[0], "the pepper follows the seed key");
    }

    #[test]
    fn a_database_url_is_shown_without_its_password() {
        assert_eq!(redacted("postgres://ayo:hunter2@db.internal/ayo"), "postgres://ayo:***@db.internal/ayo");
        assert_eq!(redacted("postgres://db.internal/ayo"), "postgres://db.internal/ayo");
    }
}
