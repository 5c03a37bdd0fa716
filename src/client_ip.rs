//! Who is really calling: the address that rate limits and the audit log key on.
//!
//! In production the server sits behind a TLS proxy, so every request's peer is the proxy. Forwarded headers are
//! believed only when the peer is a proxy the operator listed in `AYO_TRUSTED_PROXIES` (CIDR list); then the chain
//! is read from the right (the hop nearest us) and the first address that is not itself a trusted proxy is the
//! client. Anything further left was written by the client and proves nothing. Without the list no header is
//! believed: anyone can send `X-Forwarded-For`.
//!
//! An IPv6 client usually holds a whole /64 (one home or phone gets 2^64 addresses), so limits bucket IPv6 by /64:
//! otherwise one attacker would get a fresh budget per address.

use std::net::{IpAddr, Ipv6Addr};

use actix_web::http::header::HeaderMap;
use ipnet::IpNet;

/// The proxies whose forwarded headers are believed.
#[derive(Debug, Clone, Default)]
pub struct TrustedProxies(Vec<IpNet>);

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
        Ok(Self(nets))
    }

    fn trusts(&self, ip: IpAddr) -> bool {
        self.0.iter().any(|net| net.contains(&canonical(ip)))
    }

    /// The client's address: the peer, or behind trusted proxies the right-most forwarded hop that is not one.
    pub fn client(&self, peer: Option<IpAddr>, headers: &HeaderMap) -> Option<IpAddr> {
        let peer = canonical(peer?);
        if !self.trusts(peer) {
            return Some(peer);
        }
        let chain = forwarded_chain(headers);
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
        let Some(peer) = peer else { return false };
        if !self.trusts(canonical(peer)) {
            return false;
        }
        let proto = headers
            .get("x-forwarded-proto")
            .and_then(|v| v.to_str().ok())
            .map(|v| v.rsplit(',').next().unwrap_or("").trim().eq_ignore_ascii_case("https"));
        let forwarded = headers.get("forwarded").and_then(|v| v.to_str().ok()).map(|v| {
            let last = v.rsplit(',').next().unwrap_or("");
            last.split(';').any(|pair| pair.trim().eq_ignore_ascii_case("proto=https"))
        });
        forwarded.or(proto).unwrap_or(false)
    }
}

/// The hops a request passed, oldest first, from `Forwarded` (RFC 7239) when present, else `X-Forwarded-For`.
fn forwarded_chain(headers: &HeaderMap) -> Vec<Option<IpAddr>> {
    let forwarded: Vec<Option<IpAddr>> = headers
        .get_all("forwarded")
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(|element| {
            element.split(';').find_map(|pair| {
                let (key, value) = pair.trim().split_once('=')?;
                key.trim().eq_ignore_ascii_case("for").then(|| parse_node(value))
            })
        })
        .collect();
    if !forwarded.is_empty() {
        return forwarded;
    }
    headers
        .get_all("x-forwarded-for")
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(parse_node)
        .collect()
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
    fn the_forwarded_header_is_read_too() {
        let proxies = TrustedProxies::parse("10.0.0.1").unwrap_or_default();
        let h = headers(&[("forwarded", "for=6.6.6.6, for=\"[2001:db8:1:2::7]:4711\";proto=https")]);
        assert_eq!(proxies.client(Some(ip("10.0.0.1")), &h), Some(ip("2001:db8:1:2::7")));
        assert!(proxies.forwarded_https(Some(ip("10.0.0.1")), &h));
        assert!(!proxies.forwarded_https(Some(ip("10.0.0.2")), &h));
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
