//! The keys `ayo serve` runs with, from its settings: each secret it is given checked by the rule for its kind before
//! anything starts (`crate::secrets::strength`), and the seed, token and code keys taken from the settings or, on a
//! single node, from `<data-dir>/secrets/` (`crate::secrets`).

use ayo_data::seam::OtpPepper;

use crate::secrets::load_or_create;
use crate::secrets::strength::{header_key, hex_key, paystack_key, require_strong, WeakSecret};
use crate::server::config::Settings;

/// Every secret in the settings, by the rule for its kind. `ayo serve` (`crate::server::startup::Application::build`) calls this
/// before it opens anything.
pub fn require_strong_secrets(settings: &Settings) -> Result<(), WeakSecret> {
    if let Some(secret) = &settings.jwt_secret {
        require_strong("AYO_JWT_SECRET", secret)?;
    }
    if let Some(secret) = &settings.seed_key {
        hex_key("AYO_SEED_KEY", secret)?;
    }
    if let Some(secret) = &settings.metrics_token {
        require_strong("AYO_METRICS_TOKEN", secret)?;
    }
    if let Some(secret) = &settings.payments.paystack_secret_key {
        paystack_key("AYO_PAYSTACK_SECRET_KEY", secret)?;
    }
    if let Some(secret) = &settings.identity.dojah_secret_key {
        header_key("AYO_DOJAH_SECRET_KEY", secret)?;
    }
    Ok(())
}

/// The key sealing draw seeds and NINs (`crate::server::startup::open_store`): `AYO_SEED_KEY`, else `<data-dir>/secrets/seed.key`;
/// a cluster node must be given `AYO_SEED_KEY`, the same on every node.
pub fn seed_key(settings: &Settings) -> anyhow::Result<Vec<u8>> {
    match &settings.seed_key {
        Some(text) => Ok(hex_key("AYO_SEED_KEY", text)?),
        None if settings.store_url.is_some() => Err(anyhow::anyhow!(
            "a cluster node needs AYO_SEED_KEY (64 hex characters: openssl rand -hex 32), the same on every node: \
             seeds sealed by one node are opened by whichever node draws"
        )),
        None => load_or_create(&settings.data_dir, "seed"),
    }
}

/// The key that signs sold tickets (docs/fairness.md, "Signed receipts"): derived from the seed key by HMAC-SHA256
/// under a label of its own, so every node of a cluster (which must share `AYO_SEED_KEY`) signs with the same key and
/// no new secret has to be distributed; the derived key reveals nothing of the seed key.
pub fn receipt_key(settings: &Settings) -> anyhow::Result<ayo_data::signed_receipt::ReceiptKey> {
    use hmac::Mac;
    let mut mac = hmac::Hmac::<sha2::Sha256>::new_from_slice(&seed_key(settings)?)
        .map_err(|e| anyhow::anyhow!("the seed key: {e}"))?;
    mac.update(b"ayo receipt signing key");
    let secret: [u8; 32] = mac.finalize().into_bytes().into();
    Ok(ayo_data::signed_receipt::ReceiptKey::from_secret(&secret))
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

#[cfg(all(test, unix))]
mod tests {
    use std::path::Path;

    use super::*;

    /// Two seed keys that meet `crate::secrets::strength`'s rule.
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
    fn cluster_nodes_given_the_same_seed_key_sign_receipts_with_the_same_key() {
        let (one, two) = (tempfile::tempdir(), tempfile::tempdir());
        let (one, two) = (one.unwrap_or_else(|e| panic!("{e}")), two.unwrap_or_else(|e| panic!("{e}")));
        let keys: Vec<String> = [one.path(), two.path()]
            .iter()
            .map(|dir| {
                let mut node = cluster_node(dir);
                node.seed_key = Some(SEED_KEY.into());
                receipt_key(&node).map(|k| k.public_hex()).unwrap_or_else(|e| panic!("{e}"))
            })
            .collect();
        assert_eq!(keys[0], keys[1]);
        let mut other = cluster_node(one.path());
        other.seed_key = Some(OTHER_SEED_KEY.into());
        assert_ne!(receipt_key(&other).map(|k| k.public_hex()).unwrap_or_default(), keys[0]);
    }
}
