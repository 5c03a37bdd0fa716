//! How a node reaches NATS (docs/scaling.md, "Securing the bus"): the servers of `AYO_BUS_URL`, the credentials
//! written in it, and TLS.
//!
//! - `nats://USER:PASSWORD@host:port` (or `nats://TOKEN@host:port`): the node signs in to NATS with them. They are
//!   taken out of the address before it is handed to the client or shown anywhere.
//! - `tls://host:port`, or any address with `AYO_BUS_CA_FILE` set: the connection must be TLS; the server's
//!   certificate is checked against the PEM CA file when one is given (else the system's roots).
//! - A plain `nats://host:port` still works, with a warning at start: without credentials anyone who reaches NATS
//!   reads the players' balances; without TLS anyone on the path does.
//!
//! NATS refusing the credentials, or TLS failing, stops the start with a message naming what to fix; a server that
//! is merely unreachable is not: the client keeps trying in the background (docs/decisions/030).

use std::path::PathBuf;

use async_nats::{ConnectError, ConnectErrorKind, ConnectOptions, ServerAddr};

/// The environment variable naming a PEM file of the CA that signed the NATS server's certificate.
pub const CA_FILE: &str = "AYO_BUS_CA_FILE";

#[derive(Debug, Clone, PartialEq, Eq)]
enum Auth {
    None,
    UserPassword(String, String),
    Token(String),
}

/// The servers, with what this node signs in with and how it checks them.
#[derive(Debug)]
pub struct Transport {
    /// Without credentials.
    servers: Vec<ServerAddr>,
    auth: Auth,
    ca_file: Option<PathBuf>,
}

impl Transport {
    /// Reads `AYO_BUS_URL` (one address, or several separated by commas, all with the same credentials or only
    /// one with them) and `AYO_BUS_CA_FILE`.
    pub fn parse(urls: &str, ca_file: Option<PathBuf>) -> anyhow::Result<Self> {
        let mut servers = Vec::new();
        let mut auth = Auth::None;
        for url in urls.split(',').map(str::trim).filter(|u| !u.is_empty()) {
            let shown = crate::secrets::redacted(url);
            let address: ServerAddr =
                url.parse().map_err(|e| anyhow::anyhow!("AYO_BUS_URL: {shown} is not a NATS address: {e}"))?;
            let given = match (address.username(), address.password()) {
                (None, _) => Auth::None,
                (Some(user), Some(password)) => Auth::UserPassword(unescape(user), unescape(password)),
                (Some(token), None) => Auth::Token(unescape(token)),
            };
            match (&auth, &given) {
                (_, Auth::None) => {}
                (Auth::None, _) => auth = given,
                (same, _) if *same == given => {}
                _ => anyhow::bail!("AYO_BUS_URL: every address must carry the same credentials (a node signs in once)"),
            }
            let mut bare = address.into_inner();
            // Neither fails on a nats:// or tls:// URL, which has a host.
            let _ = bare.set_username("");
            let _ = bare.set_password(None);
            servers.push(ServerAddr::from_url(bare).map_err(|e| anyhow::anyhow!("AYO_BUS_URL: {shown}: {e}"))?);
        }
        if servers.is_empty() {
            anyhow::bail!("AYO_BUS_URL has no address: give nats://host:port or tls://host:port");
        }
        if let Some(path) = &ca_file {
            std::fs::metadata(path).map_err(|e| anyhow::anyhow!("{CA_FILE}: cannot read {}: {e}", path.display()))?;
        }
        Ok(Self { servers, auth, ca_file })
    }

    /// The servers as they may be shown: no credentials.
    pub fn shown(&self) -> String {
        self.servers.iter().map(|s| s.as_url_str().trim_end_matches('/')).collect::<Vec<_>>().join(",")
    }

    /// Whether every connection is TLS.
    pub fn encrypted(&self) -> bool {
        self.ca_file.is_some() || self.servers.iter().all(ServerAddr::tls_required)
    }

    /// What this transport lacks, in words for the start-up log.
    pub fn warnings(&self) -> Vec<&'static str> {
        let mut lacks = Vec::new();
        if self.auth == Auth::None {
            lacks.push(
                "the event bus has no credentials (AYO_BUS_URL=nats://USER:PASSWORD@host:port): whoever reaches NATS \
                 reads every player's balance events, though forged messages are dropped (AYO_BUS_KEY)",
            );
        }
        if !self.encrypted() {
            lacks.push(
                "the event bus is not required to be TLS (AYO_BUS_URL=tls://host:port, AYO_BUS_CA_FILE): players' \
                 balances and the bus credentials cross the network readable",
            );
        }
        lacks
    }

    /// `options` with this transport's credentials and TLS.
    pub fn options(&self, options: ConnectOptions) -> ConnectOptions {
        let options = match &self.auth {
            Auth::None => options,
            Auth::UserPassword(user, password) => options.user_and_password(user.clone(), password.clone()),
            Auth::Token(token) => options.token(token.clone()),
        };
        match &self.ca_file {
            Some(path) => options.add_root_certificates(path.clone()).require_tls(true),
            None => options,
        }
    }

    pub fn servers(&self) -> &[ServerAddr] {
        &self.servers
    }

    /// A connection error that retrying cannot mend (refused credentials, failed TLS), as a message naming what
    /// to fix; `None` for one that may pass (the server not up yet).
    pub fn fatal(&self, error: &ConnectError) -> Option<anyhow::Error> {
        let shown = self.shown();
        match error.kind() {
            ConnectErrorKind::AuthorizationViolation | ConnectErrorKind::Authentication => Some(anyhow::anyhow!(
                "the event bus at {shown} refused this node's credentials ({error}): give the user and password NATS \
                 expects in AYO_BUS_URL, as nats://USER:PASSWORD@host:port or tls://USER:PASSWORD@host:port"
            )),
            ConnectErrorKind::Tls => Some(tls_failed(&shown, error)),
            ConnectErrorKind::Io if from_tls(error) => Some(tls_failed(&shown, error)),
            _ => None,
        }
    }
}

fn tls_failed(shown: &str, error: &ConnectError) -> anyhow::Error {
    let mut why = error.to_string();
    let mut source = std::error::Error::source(error);
    while let Some(inner) = source {
        why = format!("{why}: {inner}");
        source = inner.source();
    }
    anyhow::anyhow!(
        "TLS with the event bus at {shown} failed ({why}): give the PEM file of the CA that signed the NATS server's \
         certificate in {CA_FILE}, and its address as tls://host:port"
    )
}

/// Whether an I/O error came out of the TLS handshake (a certificate refused, say): the client files those as I/O.
fn from_tls(error: &ConnectError) -> bool {
    let mut source = std::error::Error::source(error);
    while let Some(inner) = source {
        if inner.is::<async_nats::rustls::Error>() {
            return true;
        }
        if let Some(io) = inner.downcast_ref::<std::io::Error>() {
            if io.get_ref().is_some_and(|e| e.is::<async_nats::rustls::Error>()) {
                return true;
            }
        }
        source = inner.source();
    }
    false
}

/// `%XX` escapes of a URL's user or password, decoded (a password may hold `@` or `:` written as `%40`, `%3A`).
fn unescape(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let escaped = (bytes[i] == b'%')
            .then(|| bytes.get(i + 1..i + 3))
            .flatten()
            .and_then(|hex| u8::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok());
        match escaped {
            Some(byte) => {
                out.push(byte);
                i += 3;
            }
            None => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn credentials_in_the_address_sign_in_and_are_never_shown() {
        let transport = Transport::parse("nats://ayo:s%40cret@10.0.0.5:4222", None).unwrap();
        assert_eq!(transport.auth, Auth::UserPassword("ayo".into(), "s@cret".into()));
        assert_eq!(transport.shown(), "nats://10.0.0.5:4222");
        assert!(!format!("{:?}", transport.servers()).contains("cret"));
        let token = Transport::parse("tls://t0ken@nats.internal:4443", None).unwrap();
        assert_eq!(token.auth, Auth::Token("t0ken".into()));
        assert!(token.encrypted());
        assert_eq!(token.warnings().len(), 0);
    }

    #[test]
    fn a_plain_address_works_with_a_warning_for_each_lack() {
        let plain = Transport::parse("nats://127.0.0.1:4222", None).unwrap();
        assert_eq!(plain.auth, Auth::None);
        assert_eq!(plain.warnings().len(), 2, "no credentials, no TLS");
        let signed_in = Transport::parse("nats://u:p@127.0.0.1:4222", None).unwrap();
        assert_eq!(signed_in.warnings().len(), 1, "no TLS");
    }

    #[test]
    fn several_servers_share_one_sign_in() {
        let two = Transport::parse("nats://u:p@a:4222, nats://b:4222", None).unwrap();
        assert_eq!(two.servers().len(), 2);
        assert_eq!(two.auth, Auth::UserPassword("u".into(), "p".into()));
        let refused = Transport::parse("nats://u:p@a:4222,nats://v:q@b:4222", None).unwrap_err().to_string();
        assert!(refused.contains("same credentials"), "{refused}");
        assert!(!refused.contains(":q@") && !refused.contains(":p@"), "{refused}");
    }

    #[test]
    fn a_bad_address_or_a_missing_ca_file_is_named_without_the_password() {
        let refused = Transport::parse("http://u:hunter2@a:4222", None).unwrap_err().to_string();
        assert!(refused.contains("AYO_BUS_URL") && !refused.contains("hunter2"), "{refused}");
        let missing = Transport::parse("tls://a:4222", Some("/nonexistent/ca.pem".into())).unwrap_err().to_string();
        assert!(missing.contains(CA_FILE), "{missing}");
        assert!(Transport::parse(" , ", None).is_err());
    }
}
