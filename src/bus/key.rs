//! The cluster's bus key (`AYO_BUS_KEY`): 32 bytes given as 64 hex, the same on every node, that authenticates every
//! message one node sends another (`seal`). Whoever reaches NATS without it can neither speak for a node nor replay
//! what one said (docs/scaling.md, "Securing the bus").

/// How the key is named to the operator.
pub const VARIABLE: &str = "AYO_BUS_KEY";

/// A `--demo` node on a bus without `AYO_BUS_KEY` uses this published key, so demo nodes still talk to each other:
/// it authenticates nothing (anyone can read it here), which is said at start.
const DEMO: &[u8; 32] = b"ayo demo bus key: public, weak!!";

/// The key, checked.
#[derive(Clone)]
pub struct BusKey([u8; 32]);

impl BusKey {
    /// Reads `AYO_BUS_KEY` as 64 hex digits. The shared secret-strength rules live elsewhere; this refuses what is
    /// plainly not a key: the wrong length, non-hex, one digit repeated.
    pub fn parse(text: &str) -> Result<Self, String> {
        let text = text.trim();
        let mut key = [0u8; 32];
        if text.len() != 64 || hex::decode_to_slice(text, &mut key).is_err() {
            return Err(format!(
                "{VARIABLE} must be 64 hexadecimal characters (32 random bytes, e.g. `openssl rand -hex 32`), the same on every node"
            ));
        }
        let first = text.as_bytes()[0].to_ascii_lowercase();
        if text.bytes().all(|b| b.to_ascii_lowercase() == first) {
            return Err(format!(
                "{VARIABLE} is one digit repeated: give 32 random bytes in hex (`openssl rand -hex 32`)"
            ));
        }
        Ok(Self(key))
    }

    /// The key a node with a bus uses: `AYO_BUS_KEY`; without it, a `--demo` node uses the published demo key and
    /// any other node refuses to start, since its bus would take orders from whoever reaches NATS.
    pub fn for_node(bus_key: Option<&str>, demo: bool) -> anyhow::Result<Self> {
        match (bus_key, demo) {
            (Some(text), _) => {
                // The operator's key meets the rule every key does (src/secrets/strength.rs), not only its form.
                crate::secrets::strength::hex_key_32(VARIABLE, text.trim())?;
                Self::parse(text).map_err(anyhow::Error::msg)
            }
            (None, true) => {
                tracing::warn!(
                    "--demo without {VARIABLE}: bus messages are sealed with the published demo key, so anyone who \
                     reaches NATS can forge them; set {VARIABLE} on every node outside a demo"
                );
                Ok(Self(*DEMO))
            }
            (None, false) => anyhow::bail!(
                "a node with a bus (--bus / AYO_BUS_URL) needs {VARIABLE}: 64 hex characters (`openssl rand -hex 32`), \
                 the same on every node; without it any client of NATS could push events to players and cancel draws"
            ),
        }
    }

    pub fn bytes(&self) -> &[u8; 32] {
        &self.0
    }
}

impl std::fmt::Debug for BusKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("BusKey(…)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sixty_four_random_hex_digits_are_a_key() {
        let key = BusKey::parse("00112233445566778899AABBCCDDEEFF00112233445566778899aabbccddeeff").unwrap();
        assert_eq!(key.bytes()[1], 0x11);
    }

    #[test]
    fn anything_else_is_refused_naming_the_variable() {
        for bad in ["", "abcd", &"ab".repeat(31), &"ab".repeat(33), &format!("{}zz", "ab".repeat(31)), &"0".repeat(64)]
        {
            let why = BusKey::parse(bad).err().unwrap_or_else(|| panic!("{bad:?} accepted"));
            assert!(why.contains(VARIABLE), "{why}");
        }
        assert!(
            BusKey::parse(&format!("{}{}", "f".repeat(32), "F".repeat(32))).is_err(),
            "one digit repeated, any case"
        );
    }

    #[test]
    fn a_node_with_a_bus_and_no_key_refuses_unless_it_is_a_demo() {
        let refused = BusKey::for_node(None, false).unwrap_err().to_string();
        assert!(refused.contains(VARIABLE), "{refused}");
        assert_eq!(BusKey::for_node(None, true).unwrap().bytes(), DEMO);
    }
}
