//! The cluster bus attacked (issue 28, finding 5; docs/scaling.md, "Securing the bus"): whoever reaches NATS
//! publishes onto the cluster's subjects as a node would, forges a marquee, a balance, a log-out or a draw's
//! cancellation, plays a captured genuine message again, or runs a node with a key of its own; and a node meets a
//! NATS that wants a password and TLS. Real nodes on loopback, each with its own data directory; ignored by a plain
//! `cargo test` and run beside a throwaway NATS (and PostgreSQL) with
//! `bash scripts/cluster-services.sh cargo test --test api cluster_ -- --ignored`.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use futures_util::StreamExt;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

use ayo::bus::key::BusKey;
use ayo::bus::seal::{Opener, Sealer, Stream, HEADER};
use ayo::bus::wire::{self, Control};
use ayo::rate_limit::Limits;
use ayo::server::config::Settings;
use ayo::server::startup::Application;
use ayo_actors::events::{Event, EventKind, Topic};
use ayo_actors::scheduler::Leading;

use crate::cluster_bus::{BUS_KEY, ONE_CLUSTER_AT_A_TIME};
use crate::helpers::{spawn_app_with, TestApp, JWT_SECRET};
use crate::ws::{guest, signed_in, Socket};

const NEEDS_NATS: &str = "AYO_TEST_NATS_URL (nats://127.0.0.1:PORT): run through scripts/cluster-services.sh";
const NEEDS_POSTGRES: &str = "AYO_TEST_POSTGRES_URL: run through scripts/cluster-services.sh";
/// The attacker's own key: well formed, not the cluster's.
const OTHER_KEY: &str = "0eeda5b7c228d209bd3c7f68287759dedc36fad3bc95d73017e76e89f4d07c90";
/// Generous: only reached when something that should happen never does.
const WAIT: Duration = Duration::from_secs(10);

fn nats_url() -> String {
    std::env::var("AYO_TEST_NATS_URL").expect(NEEDS_NATS)
}

/// A node on the test NATS sealing with `key`, with a metrics listener; on the PostgreSQL `store` when given.
async fn node(key: &str, store: Option<&str>) -> TestApp {
    let (bus, key, store) = (nats_url(), key.to_string(), store.map(str::to_string));
    spawn_app_with(Limits::default(), |settings| {
        settings.bus_url = Some(bus);
        settings.bus_key = Some(key);
        settings.metrics_bind = Some("127.0.0.1:0".into());
        if let Some(store) = store {
            settings.store_url = Some(store);
            settings.seed_key = Some(crate::cluster_nodes::SEED_KEY.into());
        }
    })
    .await
}

/// A client of NATS with no key: the attacker.
async fn attacker() -> async_nats::Client {
    async_nats::connect(nats_url()).await.unwrap()
}

/// `ayo_bus_rejected_total{reason}` as this process counts it (one recorder serves every node of the test).
async fn rejected(node: &TestApp, reason: &str) -> f64 {
    let text = reqwest::get(node.metrics_url.as_ref().unwrap()).await.unwrap().text().await.unwrap();
    let series = format!("ayo_bus_rejected_total{{reason=\"{reason}\"}}");
    text.lines().find_map(|l| l.strip_prefix(&series).and_then(|v| v.trim().parse().ok())).unwrap_or(0.0)
}

/// Waits until the nodes have dropped at least `count` messages for `reason` in all: proof they read them.
async fn until_rejected(node: &TestApp, reason: &str, count: f64) {
    for _ in 0..200 {
        if rejected(node, reason).await >= count {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("fewer than {count} messages dropped as {reason}: {}", rejected(node, reason).await);
}

/// After what the attacker published: one more bare message on `subject`, and a wait until every node has dropped it
/// (the process's `unsealed` count reaches `count`). Each node reads the attacker's messages in the order sent, and
/// hands what it takes to its Hub in that order, so whatever got through is by then on its way to the sockets,
/// ahead of anything a node publishes afterwards.
async fn fence(nats: &async_nats::Client, node: &TestApp, subject: String, count: f64) {
    nats.publish(subject, "fence".into()).await.unwrap();
    nats.flush().await.unwrap();
    until_rejected(node, "unsealed", count).await;
}

/// Every message the socket gets until one of type `kind` whose JSON contains `needle` (not included).
async fn until(socket: &mut Socket, kind: &str, needle: &str) -> Vec<Value> {
    let reading = async {
        let mut before = Vec::new();
        loop {
            match socket.next().await.expect("socket open").expect("frame read") {
                Message::Text(text) => {
                    let message: Value = serde_json::from_str(&text).unwrap();
                    if message["type"] == kind && text.contains(needle) {
                        return before;
                    }
                    before.push(message);
                }
                Message::Close(frame) => panic!("closed while waiting for {kind}: {frame:?} after {before:?}"),
                _ => continue,
            }
        }
    };
    tokio::time::timeout(WAIT, reading).await.unwrap_or_else(|_| panic!("no {kind} with {needle} within {WAIT:?}"))
}

fn marquee(text: &str) -> Event {
    Event { topic: Topic::Marquee, kind: EventKind::MarqueeUpdated, data: json!({"marquees": [{"text": text}]}) }
}

async fn post_marquee(node: &TestApp, admin: &str, text: &str) {
    let made = node.post("/admin/marquees", json!({"text": text}), Some(admin)).await;
    assert_eq!(made.status, 201, "{:?}", made.body);
}

async fn user_id(node: &TestApp, token: &str) -> u64 {
    node.get("/auth/profiles", Some(token)).await.body["data"]["id"].as_u64().unwrap()
}

#[actix_web::test]
#[ignore = "needs NATS (scripts/cluster-services.sh)"]
async fn cluster_forged_marquees_balances_and_log_outs_on_the_bus_reach_no_socket_and_are_counted() {
    let _alone = ONE_CLUSTER_AT_A_TIME.lock().await;
    let (a, b) = (node(BUS_KEY, None).await, node(BUS_KEY, None).await);
    let token = b.verified_player("ada@example.com", "+2348012345678").await;
    let ada = user_id(&b, &token).await;
    let mut ada_on_b = signed_in(&b, &token).await;
    let mut guest_on_b = guest(&b).await;
    let (unsealed, forged) = (rejected(&a, "unsealed").await, rejected(&a, "forged").await);

    // The attacker writes what a node writes, on the cluster's subjects: bare (as every node did before), and
    // sealed with a key of its own.
    let nats = attacker().await;
    let mut theirs = Sealer::new(&BusKey::parse(OTHER_KEY).unwrap(), 0xbad, Stream::Events);
    let phishing = marquee("Your wallet is locked: send N5,000 to 0123456789 to unlock it");
    let balance =
        Event { topic: Topic::User(ada), kind: EventKind::WalletUpdated, data: json!({"balance": 99_999_999}) };
    let log_out = wire::control("attacker", 3, Control::EndSessions);
    let forgeries = [
        (wire::subject(Topic::Marquee), wire::event("attacker", 1, &phishing)),
        (wire::subject(Topic::User(ada)), wire::event("attacker", 2, &balance)),
        (wire::subject(Topic::User(ada)), log_out),
    ];
    for (subject, body) in &forgeries {
        nats.publish(subject.clone(), body.clone().into()).await.unwrap();
        nats.publish(subject.clone(), theirs.seal(subject, None, body).into()).await.unwrap();
    }
    fence(&nats, &a, wire::subject(Topic::User(ada)), unsealed + 8.0).await;

    // A genuine marquee from A comes after them all: before it, neither socket got anything of the attacker's,
    // and Ada's socket was not logged out (it would have closed).
    let admin = a.admin("boss@ayolotto.ng").await;
    post_marquee(&a, &admin, "Jackpot tonight on every node").await;
    for socket in [&mut guest_on_b, &mut ada_on_b] {
        let before = until(socket, "marquee.updated", "Jackpot tonight on every node").await;
        let seen = serde_json::to_string(&before).unwrap();
        assert!(!seen.contains("locked") && !seen.contains("99999999"), "{seen}");
    }
    let stats = b.hub.send(ayo_actors::hub::Stats).await.unwrap();
    assert_eq!(stats.subscribers.get(&Topic::User(ada)), Some(&1), "Ada's socket is still signed in");
    // Both nodes read all six and dropped them: three bare, three under another key, on each node.
    assert!(rejected(&a, "forged").await >= forged + 6.0);
}

#[actix_web::test]
#[ignore = "needs NATS (scripts/cluster-services.sh)"]
async fn cluster_a_genuine_balance_played_again_or_moved_to_another_subject_is_dropped() {
    let _alone = ONE_CLUSTER_AT_A_TIME.lock().await;
    let (a, b) = (node(BUS_KEY, None).await, node(BUS_KEY, None).await);
    // The same account on both nodes (they share no store here): made first on each, so with the same id.
    let token = a.verified_player("ada@example.com", "+2348012345678").await;
    let on_b = b.verified_player("ada@example.com", "+2348012345678").await;
    let ada = user_id(&a, &token).await;
    assert_eq!(user_id(&b, &on_b).await, ada);
    let mut ada_on_b = signed_in(&b, &on_b).await;
    let admin = a.admin("boss@ayolotto.ng").await;
    // The attacker listens to the bus.
    let nats = attacker().await;
    let mut tap = nats.subscribe(wire::subject(Topic::User(ada))).await.unwrap();
    nats.flush().await.unwrap();
    let path = format!("/admin/users/{ada}/adjust");
    let adjust = |amount: i64| {
        let body = json!({"amount": amount, "reason": "goodwill", "idempotency_key": crate::helpers::fresh_key()});
        a.post(&path, body, Some(&admin))
    };

    assert!(adjust(2_500).await.status < 300);
    until(&mut ada_on_b, "wallet.updated", "\"balance\":2500").await;
    let captured = loop {
        let message = tokio::time::timeout(WAIT, tap.next()).await.unwrap().unwrap();
        if message.payload.len() > HEADER && String::from_utf8_lossy(&message.payload[HEADER..]).contains("2500") {
            break message;
        }
    };
    assert!(adjust(2_500).await.status < 300);
    until(&mut ada_on_b, "wallet.updated", "\"balance\":5000").await;

    // Played again as it was, and moved onto another player's subject.
    let (replayed, forged, unsealed) =
        (rejected(&a, "replayed").await, rejected(&a, "forged").await, rejected(&a, "unsealed").await);
    nats.publish(captured.subject.clone(), captured.payload.clone()).await.unwrap();
    nats.publish(wire::subject(Topic::User(ada + 1)), captured.payload.clone()).await.unwrap();
    fence(&nats, &a, wire::subject(Topic::User(ada)), unsealed + 2.0).await;

    post_marquee(&a, &admin, "After the replay").await;
    let before = until(&mut ada_on_b, "marquee.updated", "After the replay").await;
    assert!(before.iter().all(|m| m["type"] != "wallet.updated"), "the old balance came back: {before:?}");
    // B dropped both, counted (A skips its own messages unread).
    assert!(rejected(&a, "replayed").await >= replayed + 1.0);
    assert!(rejected(&a, "forged").await >= forged + 1.0);
}

#[actix_web::test]
#[ignore = "needs NATS (scripts/cluster-services.sh)"]
async fn cluster_a_node_with_another_key_neither_hears_the_cluster_nor_is_heard() {
    let _alone = ONE_CLUSTER_AT_A_TIME.lock().await;
    let (a, b, c) = (node(BUS_KEY, None).await, node(BUS_KEY, None).await, node(OTHER_KEY, None).await);
    let (mut on_a, mut on_b, mut on_c) = (guest(&a).await, guest(&b).await, guest(&c).await);
    let (admin_a, admin_c) = (a.admin("boss@ayolotto.ng").await, c.admin("boss@ayolotto.ng").await);

    let forged = rejected(&a, "forged").await;
    post_marquee(&a, &admin_a, "From A").await;
    until(&mut on_b, "marquee.updated", "From A").await;
    until_rejected(&a, "forged", forged + 1.0).await;
    post_marquee(&c, &admin_c, "From C").await;
    let before = until(&mut on_c, "marquee.updated", "From C").await;
    assert!(before.iter().all(|m| m["type"] != "marquee.updated"), "C heard A: {before:?}");
    until_rejected(&a, "forged", forged + 3.0).await;
    post_marquee(&a, &admin_a, "A again").await;
    for socket in [&mut on_a, &mut on_b] {
        let before = until(socket, "marquee.updated", "A again").await;
        assert!(!serde_json::to_string(&before).unwrap().contains("From C"), "C was heard: {before:?}");
    }
}

/// A fresh database, a node that runs the draws on it, and one standing by.
async fn leader_and_standby() -> (TestApp, TestApp) {
    let server = std::env::var("AYO_TEST_POSTGRES_URL").expect(NEEDS_POSTGRES);
    let store = ayo_data::pg::new_database(&server, "ayo_bus_trust").await.unwrap();
    let a = node(BUS_KEY, Some(&store)).await;
    for _ in 0..100 {
        if a.engine.scheduler.send(Leading).await.unwrap() {
            return (a, node(BUS_KEY, Some(&store)).await);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the first node never took the lottery's lease");
}

async fn cancellations_of(node: &TestApp, admin: &str, draw: u64) -> Vec<Value> {
    let log = node.get("/admin/activities?per_page=100", Some(admin)).await.body;
    let target = format!("draw:{draw}");
    log["data"].as_array().unwrap().iter().filter(|e| e["target"] == target).cloned().collect()
}

#[actix_web::test]
#[ignore = "needs PostgreSQL and NATS (scripts/cluster-services.sh)"]
async fn cluster_a_forged_or_replayed_cancellation_cancels_no_draw_and_a_real_one_is_audited_with_its_node() {
    let _alone = ONE_CLUSTER_AT_A_TIME.lock().await;
    let (a, b) = leader_and_standby().await;
    let admin = a.admin("boss@ayolotto.ng").await;
    let admin_id = a.get("/auth/profiles", Some(&admin)).await.body["data"]["id"].as_u64().unwrap();
    let target = a.quick_draw(60_000, 61_000).await;
    let spare = a.quick_draw(60_000, 61_000).await;
    let nats = attacker().await;
    let mut tap = nats.subscribe("ayo.lead.cancel").await.unwrap();
    nats.flush().await.unwrap();
    let (unsealed, forged, replayed) =
        (rejected(&a, "unsealed").await, rejected(&a, "forged").await, rejected(&a, "replayed").await);
    // How the test tells the genuine command among those it taps: it opens with the cluster's key.
    let key = BusKey::parse(BUS_KEY).unwrap();
    let mut genuine_only = Opener::new(&key, 0, Stream::Lead, WAIT);

    // The attacker asks the node running the draws to cancel one, as the nodes used to ask, and under its own key.
    let asker = json!({"admin_id": admin_id, "admin_email": "boss@ayolotto.ng", "ip": null, "node": "n"});
    let order = json!({"draw_id": target.id, "reason": "cancelled by nobody", "emergency": false, "asker": asker});
    let body = serde_json::to_vec(&order).unwrap();
    let inbox = nats.new_inbox();
    let mut theirs = Sealer::new(&BusKey::parse(OTHER_KEY).unwrap(), 0xbad, Stream::Lead);
    nats.publish_with_reply("ayo.lead.cancel", inbox.clone(), body.clone().into()).await.unwrap();
    let sealed = theirs.seal("ayo.lead.cancel", Some(&inbox), &body);
    nats.publish_with_reply("ayo.lead.cancel", inbox.clone(), sealed.into()).await.unwrap();
    // Every node reads draw commands in order, each carried out before the next is read.
    fence(&nats, &a, "ayo.lead.refresh".into(), unsealed + 4.0).await;
    let still = a.get(&format!("/draws/{}", target.id), None).await.body["data"].clone();
    assert_eq!(still["status"], "open", "the attacked draw still sells: {still}");
    assert!(rejected(&a, "forged").await >= forged + 2.0, "both nodes dropped the one under another key");

    // A real cancellation asked of B is carried out by A, and audited once: the admin, and B as the node asked.
    let path = format!("/admin/draws/{}/cancel", spare.id);
    let cancelled = b.post(&path, json!({"reason": "cancelled through node B"}), Some(&admin)).await;
    assert_eq!(cancelled.status, 200, "{:?}", cancelled.body);
    let genuine = loop {
        let message = tokio::time::timeout(WAIT, tap.next()).await.unwrap().unwrap();
        let reply = message.reply.as_ref().map(|r| r.to_string());
        if matches!(genuine_only.open("ayo.lead.cancel", reply.as_deref(), &message.payload), Ok(Some(_))) {
            break message;
        }
    };
    let entries = cancellations_of(&b, &admin, spare.id).await;
    assert_eq!(entries.len(), 1, "{entries:?}");
    assert_eq!(entries[0]["action"], "draw.cancelled");
    assert_eq!(entries[0]["actor"], "boss@ayolotto.ng", "{entries:?}");
    let detail = entries[0]["detail"].as_str().unwrap();
    assert!(detail.contains("cancelled through node B") && detail.contains("asked on node"), "{detail}");

    // The genuine command played again, and changed to name the other draw: both dropped by A (B skips its own).
    nats.publish_with_reply("ayo.lead.cancel", genuine.reply.clone().unwrap(), genuine.payload.clone()).await.unwrap();
    let retargeted = String::from_utf8_lossy(&genuine.payload[HEADER..])
        .replace(&format!("\"draw_id\":{}", spare.id), &format!("\"draw_id\":{}", target.id));
    let mut changed = genuine.payload[..HEADER].to_vec();
    changed.extend_from_slice(retargeted.as_bytes());
    nats.publish_with_reply("ayo.lead.cancel", genuine.reply.clone().unwrap(), changed.into()).await.unwrap();
    fence(&nats, &a, "ayo.lead.refresh".into(), unsealed + 6.0).await;
    assert!(rejected(&a, "replayed").await >= replayed + 1.0);
    assert!(rejected(&a, "forged").await >= forged + 3.0);

    let still = a.get(&format!("/draws/{}", target.id), None).await.body["data"].clone();
    assert_eq!(still["status"], "open", "the attacked draw still sells: {still}");
    assert_eq!(cancellations_of(&a, &admin, target.id).await.len(), 0);
    assert_eq!(cancellations_of(&a, &admin, spare.id).await.len(), 1, "the replay wrote nothing");
}

/// A throwaway CA and a certificate for 127.0.0.1 signed by it, made with openssl in `dir`: (ca.pem, cert, key).
fn certificates(dir: &Path) -> (String, String, String) {
    let path = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let openssl = |args: &[&str]| {
        let out = Command::new("openssl").args(args).output().expect("openssl runs");
        assert!(out.status.success(), "openssl {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    };
    std::fs::write(
        path("server.ext"),
        "subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n",
    )
    .unwrap();
    let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
    let (ca_key, ca) = (path("ca.key"), path("ca.pem"));
    let mut args = vec!["req", "-x509"];
    args.extend(ec);
    args.extend(["-keyout", &ca_key, "-out", &ca, "-days", "1", "-subj", "/CN=ayo test bus CA"]);
    args.extend(["-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign"]);
    openssl(&args);
    let (key, csr, cert, ext) = (path("server.key"), path("server.csr"), path("server.pem"), path("server.ext"));
    let mut args = vec!["req"];
    args.extend(ec);
    args.extend(["-keyout", &key, "-out", &csr, "-subj", "/CN=127.0.0.1"]);
    openssl(&args);
    openssl(&[
        "x509",
        "-req",
        "-in",
        &csr,
        "-CA",
        &ca,
        "-CAkey",
        &ca_key,
        "-CAcreateserial",
        "-out",
        &cert,
        "-days",
        "1",
        "-extfile",
        &ext,
    ]);
    (ca, cert, key)
}

/// A nats-server of the test's own, stopped when dropped (a failed assertion included).
struct OwnNats(Child);

impl Drop for OwnNats {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A nats-server of the test's own that wants user `ayo` with `password`, over TLS only: (the process, its port).
fn guarded_nats(dir: &Path, password: &str) -> (OwnNats, u16) {
    let (_, cert, key) = certificates(dir);
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let config = format!(
        "listen: \"127.0.0.1:{port}\"\nauthorization {{ users = [ {{ user: \"ayo\", password: \"{password}\" }} ] }}\n\
         tls {{ cert_file: \"{cert}\", key_file: \"{key}\", timeout: 2 }}\n"
    );
    let conf = dir.join("nats.conf");
    std::fs::write(&conf, config).unwrap();
    let child = OwnNats(
        Command::new("nats-server")
            .arg("-c")
            .arg(&conf)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("nats-server (installed by scripts/cluster-services.sh)"),
    );
    for _ in 0..100 {
        if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
            return (child, port);
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    panic!("nats-server did not listen on {port}");
}

/// Why a node with this bus address and CA file does not start.
async fn refused(url: &str, ca_file: Option<&str>) -> String {
    let data_dir = tempfile::tempdir().unwrap();
    let mut settings = Settings::new("127.0.0.1:0".into(), data_dir.path().to_path_buf(), false);
    settings.jwt_secret = Some(JWT_SECRET.into());
    settings.bus_url = Some(url.into());
    settings.bus_key = Some(BUS_KEY.into());
    settings.bus_ca_file = ca_file.map(Into::into);
    match Application::build(settings).await {
        Ok(_) => panic!("a node on {url} started"),
        Err(e) => format!("{e:#}"),
    }
}

#[actix_web::test]
#[ignore = "needs nats-server (scripts/cluster-services.sh installs it)"]
async fn cluster_a_node_signs_in_to_a_guarded_nats_over_tls_and_one_without_the_password_or_the_ca_is_refused() {
    let _alone = ONE_CLUSTER_AT_A_TIME.lock().await;
    let dir = tempfile::tempdir().unwrap();
    let password = "bus-password-of-the-test";
    let (_server, port) = guarded_nats(dir.path(), password);
    let ca = dir.path().join("ca.pem").to_string_lossy().into_owned();

    let none = refused(&format!("nats://127.0.0.1:{port}"), Some(&ca)).await;
    assert!(none.contains("refused this node's credentials") && none.contains("AYO_BUS_URL"), "{none}");
    let wrong = refused(&format!("tls://ayo:guessed@127.0.0.1:{port}"), Some(&ca)).await;
    assert!(wrong.contains("refused this node's credentials"), "{wrong}");
    assert!(!wrong.contains("guessed"), "the password is never shown: {wrong}");
    let untrusted = refused(&format!("tls://ayo:{password}@127.0.0.1:{port}"), None).await;
    assert!(untrusted.contains("AYO_BUS_CA_FILE"), "{untrusted}");
    assert!(!untrusted.contains(password), "{untrusted}");

    // With the password and the CA, events flow between two nodes.
    let url = format!("tls://ayo:{password}@127.0.0.1:{port}");
    let on_guarded = || {
        let (url, ca) = (url.clone(), ca.clone());
        spawn_app_with(Limits::default(), move |settings| {
            settings.bus_url = Some(url);
            settings.bus_key = Some(BUS_KEY.into());
            settings.bus_ca_file = Some(ca.into());
        })
    };
    let (a, b) = (on_guarded().await, on_guarded().await);
    let mut on_b = guest(&b).await;
    let admin = a.admin("boss@ayolotto.ng").await;
    post_marquee(&a, &admin, "Over TLS, signed in").await;
    until(&mut on_b, "marquee.updated", "Over TLS, signed in").await;
}
