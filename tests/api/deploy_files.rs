//! The shipped deployment files keep the server's trust rules: the proxy overwrites every forwarded header the
//! server reads and clears the family it does not (docs/security.md, "Client address").

/// Each `location` block of `deploy/nginx.conf`, with its directives.
fn locations(conf: &str) -> Vec<(String, Vec<String>)> {
    let mut found = Vec::new();
    let mut current: Option<(String, Vec<String>)> = None;
    for line in conf.lines().map(|l| l.split('#').next().unwrap_or("").trim()) {
        if let Some(rest) = line.strip_prefix("location ") {
            current = Some((rest.trim_end_matches('{').trim().to_string(), Vec::new()));
        } else if line == "}" {
            found.extend(current.take());
        } else if let Some((_, directives)) = current.as_mut() {
            if !line.is_empty() {
                directives.push(line.split_whitespace().collect::<Vec<_>>().join(" "));
            }
        }
    }
    found
}

/// The attack this guards against: nginx passing a client's `Forwarded: for=6.6.6.6` through while the server
/// believed it, or appending to a client's `X-Forwarded-For` (`$proxy_add_x_forwarded_for`).
#[test]
fn the_shipped_nginx_overwrites_every_forwarded_header() {
    let conf = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/deploy/nginx.conf")).unwrap();
    let locations = locations(&conf);
    assert!(locations.len() >= 2, "{locations:?}");
    for (path, directives) in &locations {
        for wanted in [
            "proxy_set_header X-Forwarded-For $remote_addr;",
            "proxy_set_header X-Forwarded-Proto https;",
            "proxy_set_header X-Forwarded-Host $host;",
            "proxy_set_header Forwarded \"\";",
        ] {
            assert!(directives.iter().any(|d| d == wanted), "location {path} lacks `{wanted}`: {directives:?}");
        }
    }
    assert!(!conf.contains("proxy_add_x_forwarded_for"), "never append to what the client sent");
}
