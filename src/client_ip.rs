//! Who is really calling: the address that rate limits and the audit log key on, and the scheme and host the
//! player's browser used.
//!
//! In production the server sits behind a TLS proxy, so every request's peer is the proxy. Forwarded headers are
//! believed only when the peer is a proxy the operator listed in `AYO_TRUSTED_PROXIES` (CIDR list); then the chain
//! is read from the right (the hop nearest us) and the first address that is not itself a trusted proxy is the
//! client. Anything further left was written by the client and proves nothing. Without the list no header is
//! believed: anyone can send `X-Forwarded-For`.
//!
//! One rule for every forwarded header: the server reads exactly one family, the one the proxy writes
//! (`AYO_FORWARDED_HEADER`): `X-Forwarded-For` with `X-Forwarded-Proto` and `X-Forwarded-Host` (the default, what
//! nginx and nearly every proxy set), or RFC 7239 `Forwarded` (`for=`, `proto=`, `host=`). The other family is never
//! read, because the proxy passes it through untouched: a client that sent `Forwarded: for=6.6.6.6` behind a proxy
//! that writes `X-Forwarded-For` would otherwise choose its own address (docs/security.md, "Client address").
//!
//! An IPv6 client usually holds a whole /64 (one home or phone gets 2^64 addresses), so limits bucket IPv6 by /64:
//! otherwise one attacker would get a fresh budget per address.

use std::net::{IpAddr, Ipv6Addr};

use actix_web::http::header::HeaderMap;
use ipnet::IpNet;

/// Which forwarded headers the trusted proxies write: the only ones read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ForwardedHeader {
    /// `X-Forwarded-For`, `X-Forwarded-Proto`, `X-Forwarded-Host`.
    #[default]
    XForwarded,
    /// RFC 7239 `Forwarded: for=…;proto=…;host=…`.
    Rfc7239,
}

impl ForwardedHeader {
    /// `AYO_FORWARDED_HEADER`: `x-forwarded-for` or `forwarded`.
    pub fn parse(value: &str) -> Result<Self, String> {
        match value.trim().to_ascii_lowercase().as_str() {
            "x-forwarded-for" => Ok(Self::XForwarded),
            "forwarded" => Ok(Self::Rfc7239),
            other => Err(format!(
                "AYO_FORWARDED_HEADER: '{other}' is not one of x-forwarded-for, forwarded (the header your proxy writes)"
            )),
        }
    }
}

/// The proxies whose forwarded headers are believed, and which headers those are.
#[derive(Debug, Clone, Default)]
pub struct TrustedProxies {
    nets: Vec<IpNet>,
    header: ForwardedHeader,
}

impl TrustedProxies {
    /// Parses `10.0.0.0/8, 192.168.1.7, ::1`: CIDR blocks or single addresses, comma or space separated.
    pub fn parse(list: &str) -> Result<Self, String> {
        let mut nets = Vec::new();
        for item in list.split([',', ' ']).map(str::trim).filter(|s| !s.is_empty()) {
            let net = match item.parse::<IpNet>() {
                Ok(net) => net,
                Err(_) => item
                    .parse::<IpAddr>()
                    .map(IpNet::from)
                    .map_err(|_| format!("AYO_TRUSTED_PROXIES: '{item}' is not an address or CIDR block"))?,
            };
            nets.push(net);
        }
        Ok(Self { nets, header: ForwardedHeader::default() })
    }

    /// The same proxies, read through `header` instead.
    pub fn reading(self, header: ForwardedHeader) -> Self {
        Self { header, ..self }
    }

    fn trusts(&self, ip: IpAddr) -> bool {
        self.nets.iter().any(|net| net.contains(&canonical(ip)))
    }

    /// Whether the peer's forwarded headers may be read at all.
    fn believes(&self, peer: Option<IpAddr>) -> bool {
        peer.is_some_and(|peer| self.trusts(canonical(peer)))
    }

    /// The client's address: the peer, or behind trusted proxies the right-most forwarded hop that is not one.
    pub fn client(&self, peer: Option<IpAddr>, headers: &HeaderMap) -> Option<IpAddr> {
        let peer = canonical(peer?);
        if !self.trusts(peer) {
            return Some(peer);
        }
        let chain: Vec<Option<IpAddr>> = match self.header {
            ForwardedHeader::XForwarded => list(headers, "x-forwarded-for").map(parse_node).collect(),
            ForwardedHeader::Rfc7239 => rfc7239(headers, "for").map(parse_node).collect(),
        };
        let mut client = peer;
        for hop in chain.iter().rev() {
            match hop {
                Some(ip) if self.trusts(*ip) => client = *ip,
                Some(ip) => return Some(*ip),
                // A hop we cannot read ("unknown", garbage): stop at the last trusted address we saw.
                None => return Some(client),
            }
        }
        Some(client)
    }

    /// True when the request reached the trusted proxy over https (for HSTS).
    pub fn forwarded_https(&self, peer: Option<IpAddr>, headers: &HeaderMap) -> bool {
        self.nearest(peer, headers, "proto").is_some_and(|proto| proto.eq_ignore_ascii_case("https"))
    }

    /// The host the browser asked for, as the trusted proxy says (`X-Forwarded-Host` or `Forwarded: host=`);
    /// `None` when the peer is not a trusted proxy or it said nothing.
    pub fn forwarded_host(&self, peer: Option<IpAddr>, headers: &HeaderMap) -> Option<String> {
        self.nearest(peer, headers, "host")
    }

    /// What the nearest hop (the trusted proxy itself) wrote for `what` (`proto` or `host`) in the family read.
    fn nearest(&self, peer: Option<IpAddr>, headers: &HeaderMap, what: &str) -> Option<String> {
        if !self.believes(peer) {
            return None;
        }
        let value = match self.header {
            ForwardedHeader::XForwarded => list(headers, &format!("x-forwarded-{what}")).last(),
            ForwardedHeader::Rfc7239 => rfc7239(headers, what).last(),
        };
        value.map(|v| v.trim_matches('"').to_string()).filter(|v| !v.is_empty())
    }
}

/// The comma-separated items of every `name` header, oldest first.
fn list<'h>(headers: &'h HeaderMap, name: &str) -> impl Iterator<Item = &'h str> {
    headers.get_all(name).filter_map(|v| v.to_str().ok()).flat_map(|v| v.split(',')).map(str::trim)
}

/// The `key=` values of RFC 7239 `Forwarded` elements, oldest first (elements without that key are skipped).
fn rfc7239<'h>(headers: &'h HeaderMap, key: &'h str) -> impl Iterator<Item = &'h str> {
    list(headers, "forwarded").filter_map(move |element| {
        element.split(';').find_map(|pair| {
            let (k, value) = pair.trim().split_once('=')?;
            k.trim().eq_ignore_ascii_case(key).then_some(value.trim())
        })
    })
}

/// `1.2.3.4`, `1.2.3.4:5678`, `"[2001:db8::1]:443"`, `2001:db8::1`.
fn parse_node(raw: &str) -> Option<IpAddr> {
    let node = raw.trim().trim_matches('"');
    if let Ok(ip) = node.parse::<IpAddr>() {
        return Some(canonical(ip));
    }
    if let Some(rest) = node.strip_prefix('[') {
        return rest.split(']').next()?.parse::<IpAddr>().ok().map(canonical);
    }
    let (host, _port) = node.rsplit_once(':')?;
    host.parse::<IpAddr>().ok().map(canonical)
}

/// IPv4-mapped IPv6 (`::ffff:1.2.3.4`) is the IPv4 address.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map(IpAddr::V4).unwrap_or(ip),
        v4 => v4,
    }
}

/// The key a limit counts under: the IPv4 address, or the IPv6 /64 the address belongs to.
pub fn bucket(ip: IpAddr) -> String {
    match canonical(ip) {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => {
            let s = v6.segments();
            format!("{}/64", Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::http::header::{HeaderName, HeaderValue};

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(
                HeaderName::from_static(name),
                HeaderValue::from_str(value).unwrap_or(HeaderValue::from_static("")),
            );
        }
        map
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap_or(IpAddr::from([0, 0, 0, 0]))
    }

    #[test]
    fn without_trusted_proxies_the_header_is_ignored() {
        let proxies = TrustedProxies::default();
        let h = headers(&[("x-forwarded-for", "9.9.9.9")]);
        assert_eq!(proxies.client(Some(ip("10.0.0.1")), &h), Some(ip("10.0.0.1")));
    }

    #[test]
    fn behind_a_trusted_proxy_the_right_most_untrusted_hop_is_the_client() {
        let proxies = TrustedProxies::parse("10.0.0.0/8, 127.0.0.1").unwrap_or_default();
        // The client forged the first entry; the proxy appended the address it saw.
        let h = headers(&[("x-forwarded-for", "6.6.6.6, 41.58.1.2, 10.0.0.5")]);
        assert_eq!(proxies.client(Some(ip("10.0.0.1")), &h), Some(ip("41.58.1.2")));
    }

    #[test]
    fn the_forwarded_header_is_read_when_the_proxy_writes_it() {
        let proxies = TrustedProxies::parse("10.0.0.1").unwrap_or_default().reading(ForwardedHeader::Rfc7239);
        let h = headers(&[("forwarded", "for=6.6.6.6, for=\"[2001:db8:1:2::7]:4711\";proto=https;host=ayo.ng")]);
        assert_eq!(proxies.client(Some(ip("10.0.0.1")), &h), Some(ip("2001:db8:1:2::7")));
        assert!(proxies.forwarded_https(Some(ip("10.0.0.1")), &h));
        assert!(!proxies.forwarded_https(Some(ip("10.0.0.2")), &h));
        assert_eq!(proxies.forwarded_host(Some(ip("10.0.0.1")), &h).as_deref(), Some("ayo.ng"));
    }

    /// The attack: behind a proxy that overwrites `X-Forwarded-*`, a client sends its own `Forwarded` (which the proxy
    /// passes through) to choose the address its limits count under, the scheme and the host.
    #[test]
    fn a_clients_forwarded_header_is_never_read_behind_a_proxy_that_writes_x_forwarded_for() {
        let proxies = TrustedProxies::parse("127.0.0.1").unwrap_or_default();
        let h = headers(&[
            ("forwarded", "for=6.6.6.6;proto=https;host=evil.example"),
            ("x-forwarded-for", "41.58.1.2"),
            ("x-forwarded-proto", "http"),
            ("x-forwarded-host", "ayolotto.ng"),
        ]);
        let proxy = Some(ip("127.0.0.1"));
        assert_eq!(proxies.client(proxy, &h), Some(ip("41.58.1.2")));
        assert!(!proxies.forwarded_https(proxy, &h));
        assert_eq!(proxies.forwarded_host(proxy, &h).as_deref(), Some("ayolotto.ng"));
        // And the other way round: a proxy speaking RFC 7239 never has a client's X-Forwarded-For read.
        let rfc = proxies.clone().reading(ForwardedHeader::Rfc7239);
        let h = headers(&[("forwarded", "for=41.58.1.2"), ("x-forwarded-for", "6.6.6.6")]);
        assert_eq!(rfc.client(proxy, &h), Some(ip("41.58.1.2")));
    }

    #[test]
    fn an_untrusted_peer_says_nothing_about_scheme_or_host() {
        let proxies = TrustedProxies::parse("127.0.0.1").unwrap_or_default();
        let h = headers(&[("x-forwarded-proto", "https"), ("x-forwarded-host", "evil.example")]);
        assert!(!proxies.forwarded_https(Some(ip("9.9.9.9")), &h));
        assert_eq!(proxies.forwarded_host(Some(ip("9.9.9.9")), &h), None);
    }

    #[test]
    fn the_header_setting_names_itself_when_wrong() {
        assert_eq!(ForwardedHeader::parse(" Forwarded "), Ok(ForwardedHeader::Rfc7239));
        assert_eq!(ForwardedHeader::parse("x-forwarded-for"), Ok(ForwardedHeader::XForwarded));
        let err = ForwardedHeader::parse("x-real-ip").err().unwrap_or_default();
        assert!(err.contains("AYO_FORWARDED_HEADER"), "{err}");
    }

    #[test]
    fn ipv6_is_bucketed_by_its_64_and_mapped_ipv4_is_ipv4() {
        assert_eq!(bucket(ip("2001:db8:1:2:aaaa::1")), bucket(ip("2001:db8:1:2:bbbb::9")));
        assert_ne!(bucket(ip("2001:db8:1:2::1")), bucket(ip("2001:db8:1:3::1")));
        assert_eq!(bucket(ip("::ffff:1.2.3.4")), "1.2.3.4");
    }

    #[test]
    fn a_bad_list_is_refused_with_the_entry_named() {
        let err = TrustedProxies::parse("10.0.0.0/8, proxy.local").err().unwrap_or_default();
        assert!(err.contains("proxy.local"), "{err}");
    }
}
