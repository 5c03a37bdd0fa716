//! The command line of docs/architecture.md §12: `serve`, `create-admin`, `create-witness`, `verify-draw`, `witness`.

pub mod backup;
pub mod demo;
pub mod demo_games;
pub mod migrate;
pub mod verify_draw;

use std::io::Write;
use std::path::PathBuf;

use clap::{Parser, Subcommand};
use tracing_subscriber::EnvFilter;

use ayo_data::account::{Email, Password};
use ayo_data::activity::Activity;
use ayo_data::seam::Staff;
use ayo_data::user::{Role, User};
use ayo_data::Store;

use crate::auth::{enrolment, password, totp};
use crate::server::config::Settings;
use crate::server::startup::{open_store, Application};

#[derive(Parser)]
#[command(name = "ayo", version, about = "Ayo Lotto: the server, and the operator's tools")]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the API, the WebSocket and the web app.
    Serve {
        #[arg(long, default_value = "127.0.0.1:8080")]
        bind: String,
        #[arg(long, default_value = "var")]
        data_dir: PathBuf,
        /// Seed demo data and a demo admin, and print the admin's credentials. Runs the sandbox gateway.
        #[arg(long)]
        demo: bool,
        /// Go live (Paystack) on a data directory that has run the sandbox gateway.
        #[arg(long)]
        accept_sandbox_history: bool,
        /// Cluster mode: the NATS server that carries events between nodes, e.g. nats://10.0.0.9:4222
        /// (`AYO_BUS_URL` wins).
        #[arg(long)]
        bus: Option<String>,
        /// Cluster mode: the PostgreSQL holding the lottery, e.g. postgres://ayo@10.0.0.5/ayo (`AYO_STORE_URL`
        /// wins). Every node of a cluster needs the same AYO_SEED_KEY and AYO_JWT_SECRET.
        #[arg(long)]
        store: Option<String>,
    },
    /// Recompute a draw's balls from its revealed seed, its commitment and its tickets: from the data directory, or
    /// with --url from a running server's public API alone.
    VerifyDraw {
        draw_id: u64,
        #[arg(long, default_value = "var")]
        data_dir: PathBuf,
        /// The server's base URL (e.g. https://ayolotto.ng): verify from its public API instead of a data directory.
        #[arg(long, conflicts_with = "data_dir")]
        url: Option<String>,
        /// Cluster mode: the PostgreSQL holding the lottery instead of the data directory's store.
        #[arg(long, env = "AYO_STORE_URL")]
        store: Option<String>,
    },
    /// Create an admin, or make an existing account an admin with this password (at least 12 characters).
    CreateAdmin {
        #[arg(long)]
        email: String,
        #[arg(long)]
        password: String,
        /// Enrol the admin's authenticator at once with this base32 secret (scripted provisioning); without it a new
        /// admin enrols at first login, and an existing admin keeps their enrolment.
        #[arg(long)]
        totp_secret: Option<String>,
        #[arg(long, default_value = "Administrator")]
        name: String,
        #[arg(long, default_value = "var")]
        data_dir: PathBuf,
        /// Cluster mode: the PostgreSQL holding the lottery instead of the data directory's store.
        #[arg(long, env = "AYO_STORE_URL")]
        store: Option<String>,
    },
    /// Write a consistent copy of the data directory's store to FILE: through the server running on it (purchases
    /// go on), or straight from the store when none runs.
    Backup {
        file: PathBuf,
        #[arg(long, default_value = "var")]
        data_dir: PathBuf,
        /// Cluster mode: dump this PostgreSQL instead (`pg_dump`, custom format; restore with `ayo restore --store`).
        #[arg(long, env = "AYO_STORE_URL")]
        store: Option<String>,
    },
    /// Bring a backup back into a new data directory, checking its money (ledger = balances, every ticket of every
    /// settled draw settled) before reporting success.
    Restore {
        file: PathBuf,
        #[arg(long, required_unless_present = "store")]
        data_dir: Option<PathBuf>,
        /// Cluster mode: restore a `ayo backup --store` dump into this empty PostgreSQL database, then audit it.
        #[arg(long, conflicts_with = "data_dir")]
        store: Option<String>,
    },
    /// Move an embedded install (its data directory, with no server running on it) into an empty PostgreSQL
    /// database for cluster mode; the copy is committed only once checked (every record, ledger = balances, every
    /// ticket of every settled draw).
    Migrate {
        #[arg(long, default_value = "var")]
        from_data_dir: PathBuf,
        /// The target database, e.g. postgres://ayo@db.internal/ayo
        #[arg(long, env = "AYO_STORE_URL")]
        to: String,
    },
    /// Act as the independent witness of a running server's draws: register its public key, keep commitments in
    /// its pool, sign each draw's commitment, reveal each draw's secret after close, keep its own record of both
    /// (`<key-file>.record.jsonl`) and check the public archive against it; with `--once`, exit non-zero when a draw
    /// carries its name that it never signed or a reveal of its own is missing.
    Witness {
        /// The server's base URL, e.g. https://ayolotto.ng
        #[arg(long, env = "AYO_WITNESS_URL")]
        url: String,
        #[arg(long, env = "AYO_WITNESS_EMAIL")]
        email: String,
        #[arg(long, env = "AYO_WITNESS_PASSWORD")]
        password: String,
        /// The witness's key (64 hex), created at 0600 when missing. Keep it away from the operator.
        #[arg(long, default_value = "witness.key")]
        key_file: PathBuf,
        /// One round, then exit (for a cron job or a test).
        #[arg(long)]
        once: bool,
    },
    /// Creates the account of the independent witness of draws (docs/decisions/017), or resets its password. The
    /// witness runs `ayo witness` against the public API with it.
    CreateWitness {
        #[arg(long)]
        email: String,
        #[arg(long)]
        password: String,
        #[arg(long, default_value = "Independent witness")]
        name: String,
        #[arg(long, default_value = "var")]
        data_dir: PathBuf,
        /// Cluster mode: the PostgreSQL holding the lottery instead of the data directory's store.
        #[arg(long, env = "AYO_STORE_URL")]
        store: Option<String>,
    },
}

/// An error and its causes on one line, each cause once: a library error whose text already includes its source
/// (sled's does) is not followed by that source again.
pub fn causes(error: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in error.chain().map(ToString::to_string) {
        if !text.contains(&cause) {
            if !text.is_empty() {
                text.push_str(": ");
            }
            text.push_str(&cause);
        }
    }
    text
}

pub fn run(cli: Cli) -> anyhow::Result<()> {
    let logs = tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_from_env("AYO_LOG").unwrap_or_else(|_| EnvFilter::new("info")))
        .with_writer(std::io::stderr);
    // One JSON object per line for a log shipper; human-readable lines otherwise.
    if std::env::var("AYO_LOG_FORMAT").is_ok_and(|f| f.eq_ignore_ascii_case("json")) {
        logs.json().init();
    } else {
        logs.init();
    }
    match cli.command {
        Command::Serve { bind, data_dir, demo, accept_sandbox_history, bus, store } => {
            let mut settings = Settings::new(bind, data_dir, demo);
            settings.bus_url = bus;
            settings.store_url = store;
            let mut settings = settings.with_env();
            settings.accept_sandbox_history |= accept_sandbox_history;
            crate::payments::mode::require_explicit(
                &settings.payments,
                &settings.identity,
                settings.sandbox_requested,
            )?;
            serve(settings)
        }
        Command::VerifyDraw { draw_id, url: Some(url), .. } => {
            println!("{}", crate::commands::verify_draw::verify_draw_at(&url, draw_id)?);
            Ok(())
        }
        Command::VerifyDraw { draw_id, data_dir, url: None, store } => {
            let settings = tool_settings(data_dir, store);
            let store = open_store(&settings).map_err(|e| {
                anyhow::anyhow!("{}\nA server running on it can verify the draw from its public API: ayo verify-draw {draw_id} --url http://HOST:PORT", causes(&e))
            })?;
            println!("{}", crate::commands::verify_draw::verify_draw(&store, draw_id)?);
            Ok(())
        }
        Command::CreateAdmin { email, password, totp_secret, name, data_dir, store } => {
            let settings = tool_settings(data_dir, store);
            let admin = NewStaff {
                email: &email,
                password: &password,
                name: &name,
                role: Role::Admin,
                totp_secret: totp_secret.as_deref(),
            };
            create_staff(&settings, &admin)
        }
        Command::Backup { file, store: Some(url), .. } => {
            println!("{}", crate::commands::backup::dump(&url, &file)?);
            Ok(())
        }
        Command::Backup { file, data_dir, store: None } => {
            let settings = Settings::new(String::new(), data_dir, false).with_env();
            println!("{}", crate::server::control::backup(&settings.data_dir, &file, || open_store(&settings))?);
            Ok(())
        }
        Command::Restore { file, store: Some(url), .. } => {
            println!("{}", crate::commands::backup::restore(&file, &url)?);
            Ok(())
        }
        Command::Restore { file, data_dir, store: None } => {
            let data_dir = data_dir.ok_or_else(|| anyhow::anyhow!("--data-dir: where to restore the backup"))?;
            println!("{}", crate::server::control::restore(&file, &data_dir)?);
            Ok(())
        }
        Command::Migrate { from_data_dir, to } => {
            println!("{}", crate::commands::migrate::migrate(&from_data_dir, &to)?);
            Ok(())
        }
        Command::Witness { url, email, password, key_file, once } => {
            let key = crate::secrets::load_or_create_file(&key_file)?;
            let base_url = url.trim_end_matches('/').to_string();
            let record = Some(key_file.clone());
            let witness = crate::jobs::witness::Witness { base_url, email, password, key, record };
            let round = actix_web::rt::System::new().block_on(crate::jobs::witness::run(witness, once))?;
            println!(
                "signed {:?}, revealed {:?}, committed {}, foreign {:?}",
                round.signed, round.revealed, round.committed, round.foreign
            );
            Ok(())
        }
        Command::CreateWitness { email, password, name, data_dir, store } => {
            let settings = tool_settings(data_dir, store);
            let witness =
                NewStaff { email: &email, password: &password, name: &name, role: Role::Witness, totp_secret: None };
            create_staff(&settings, &witness)
        }
    }
}

/// The settings of a tool that opens the store: the data directory's, or the cluster's with `--store`.
fn tool_settings(data_dir: PathBuf, store: Option<String>) -> Settings {
    let mut settings = Settings::new(String::new(), data_dir, false).with_env();
    settings.store_url = store.or(settings.store_url);
    settings
}

fn serve(settings: Settings) -> anyhow::Result<()> {
    actix_web::rt::System::new().block_on(async move {
        crate::secrets::private_dir(&settings.data_dir)?;
        let app = Application::build(settings.clone()).await?;
        let mut out = std::io::stdout().lock();
        writeln!(out, "Ayo Lotto listening on {}", app.url())?;
        if settings.demo {
            crate::commands::demo_games::seed_games(&app.store(), settings.demo_draw_minutes)?;
            app.engine().scheduler.do_send(ayo_actors::scheduler::Refresh);
            let admin = crate::commands::demo::seed_admin(&app.store(), &settings.data_dir)?;
            writeln!(out, "Demo admin email: {}", crate::commands::demo::DEMO_ADMIN_EMAIL)?;
            writeln!(out, "Demo admin password: {}", admin.password)?;
            writeln!(out, "Demo admin TOTP: {}", admin.otpauth_uri)?;
            crate::commands::demo::start_witness(&app.store(), &settings.data_dir, &app.url())?;
            writeln!(
                out,
                "Demo witness: {} (inside this server, for the demo only)",
                crate::commands::demo::DEMO_WITNESS_EMAIL
            )?;
        }
        out.flush()?;
        drop(out);
        app.run_until_signalled().await
    })
}

fn create_staff(settings: &Settings, staff: &NewStaff<'_>) -> anyhow::Result<()> {
    if settings.store_url.is_none() {
        crate::secrets::private_dir(&settings.data_dir)?;
    }
    let store = open_store(settings)?;
    let Provisioned { user, created, enrolment } = provision_staff(&store, staff)?;
    let done = if created { "Created" } else { "Updated" };
    let (role, id) = (user.role.as_str(), user.id);
    match (staff.role, enrolment) {
        (Role::Admin, Some(issued)) => {
            println!("{done} {role} {} (id {id}, enrols at first login with the enrolment code below)", user.email);
            println!(
                "Enrolment code: {} (one use, until {}): hand it to the admin yourself, not by email",
                issued.code,
                issued.record.expires_at.format("%Y-%m-%d %H:%M UTC")
            );
        }
        (Role::Admin, None) => println!("{done} {role} {} (id {id}, authenticator enrolled)", user.email),
        _ => println!("{done} {role} {} (id {id})", user.email),
    }
    Ok(())
}

/// What `ayo create-admin` and `ayo create-witness` are given.
pub struct NewStaff<'a> {
    pub email: &'a str,
    pub password: &'a str,
    pub name: &'a str,
    /// `Admin` or `Witness`.
    pub role: Role,
    /// A base32 TOTP secret to enrol at once (admins).
    pub totp_secret: Option<&'a str>,
}

/// What `provision_staff` did.
pub struct Provisioned {
    pub user: User,
    /// Whether the account is new.
    pub created: bool,
    /// An admin not enrolled yet: the one-time code their first enrolment needs (printed once, stored as a digest).
    pub enrolment: Option<enrolment::Issued>,
}

/// `provision_staff` without the enrolment code: (the account, whether it is new).
pub fn make_staff(store: &Store, staff: &NewStaff<'_>) -> anyhow::Result<(User, bool)> {
    provision_staff(store, staff).map(|made| (made.user, made.created))
}

/// Validates the credentials and stores the admin or witness durably. An admin left without an authenticator gets
/// a fresh enrolment code, replacing any earlier one and any secret offered at a login before it: a first login
/// with the password alone enrols nothing (docs/security.md, "Admin second factor").
pub fn provision_staff(store: &Store, admin: &NewStaff<'_>) -> anyhow::Result<Provisioned> {
    let email = Email::parse(admin.email).map_err(|e| anyhow::anyhow!("--email: {e}"))?;
    let secret = Password::parse(admin.password).map_err(|e| anyhow::anyhow!("--password: {e}"))?;
    let min = crate::http::account::auth::ADMIN_PASSWORD_MIN;
    anyhow::ensure!(
        admin.password.chars().count() >= min,
        "--password: an admin's or witness's password must be at least {min} characters"
    );
    let totp = match admin.totp_secret {
        Some(raw) => Some(
            totp::normalise_secret(raw)
                .ok_or_else(|| anyhow::anyhow!("--totp-secret: must be base32 of at least 80 bits (16 characters)"))?,
        ),
        None => None,
    };
    let hash = password::hash(secret.expose())?;
    let staff = Staff { email, name: admin.name.to_string(), password_hash: hash, role: admin.role, totp_secret: totp };
    let (mut user, created) = store.users.upsert_staff(&staff)?;
    let mut enrolment = None;
    if admin.role == Role::Admin && !user.second_factor.is_enrolled() {
        let issued = enrolment::issue(user.id, chrono::Utc::now());
        let record = issued.record.clone();
        let stored = store.users.update(user.id, move |u| {
            let factor = &mut u.second_factor;
            if factor.is_enrolled() {
                return false;
            }
            factor.enrolment_code = Some(record.clone());
            factor.pending = None;
            true
        })?;
        if let Some((after, true)) = stored {
            user = after;
            enrolment = Some(issued);
        }
    }
    // From the host, not the web: no actor account, and the host's user where the shell says who it is.
    let until = enrolment.as_ref().map(|issued| issued.record.expires_at.format("%Y-%m-%d %H:%M UTC").to_string());
    let enrolled = match (admin.role, until) {
        (Role::Admin, Some(until)) => {
            format!("; authenticator to enrol at next login with the enrolment code issued here (until {until})")
        }
        (Role::Admin, None) => "; authenticator enrolled".to_string(),
        _ => String::new(),
    };
    let host_user = std::env::var("USER").unwrap_or_else(|_| "unknown".into());
    let action = if created { "staff.created_on_host" } else { "staff.reset_on_host" };
    let detail = format!(
        "{} {} by the command line (host user {host_user}): password set{enrolled}",
        user.role.as_str(),
        user.email
    );
    store.activities.record(Activity::unattended(action, Some(format!("user:{}", user.id)), detail))?;
    store.flush_blocking()?;
    Ok(Provisioned { user, created, enrolment })
}
