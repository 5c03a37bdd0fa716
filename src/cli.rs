//! The command line of ARCHITECTURE.md: `serve`, `create-admin`.

use std::io::Write;
use std::path::PathBuf;

use clap::{Parser, Subcommand};
use tracing_subscriber::EnvFilter;

use ayo_data::account::{Email, Password};
use ayo_data::user::User;
use ayo_data::Store;

use crate::auth::{password, totp};
use crate::config::Settings;
use crate::startup::{open_store, Application};

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
    },
    /// Recompute a draw's balls from its revealed seed, its commitment and its ticket list.
    VerifyDraw {
        draw_id: u64,
        #[arg(long, default_value = "var")]
        data_dir: PathBuf,
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
    },
}

pub fn run(cli: Cli) -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_from_env("AYO_LOG").unwrap_or_else(|_| EnvFilter::new("info")))
        .with_writer(std::io::stderr)
        .init();
    match cli.command {
        Command::Serve { bind, data_dir, demo, accept_sandbox_history } => {
            let mut settings = Settings::new(bind, data_dir, demo).with_env();
            settings.accept_sandbox_history |= accept_sandbox_history;
            crate::payments::mode::require_explicit(&settings)?;
            serve(settings)
        }
        Command::VerifyDraw { draw_id, data_dir } => {
            let settings = Settings::new(String::new(), data_dir, false).with_env();
            let report = crate::verify::verify_draw(&open_store(&settings)?, draw_id)?;
            println!("{report}");
            Ok(())
        }
        Command::CreateAdmin { email, password, totp_secret, name, data_dir } => {
            let settings = Settings::new(String::new(), data_dir, false).with_env();
            create_admin(
                &settings,
                &NewAdmin { email: &email, password: &password, name: &name, totp_secret: totp_secret.as_deref() },
            )
        }
    }
}

fn serve(settings: Settings) -> anyhow::Result<()> {
    actix_web::rt::System::new().block_on(async move {
        crate::secrets::private_dir(&settings.data_dir)?;
        let app = Application::build(settings.clone()).await?;
        let mut out = std::io::stdout().lock();
        writeln!(out, "Ayo Lotto listening on {}", app.url())?;
        if settings.demo {
            crate::demo_games::seed_games(&app.store())?;
            app.engine().scheduler.do_send(ayo_actors::scheduler::Refresh);
            let admin = crate::demo::seed_admin(&app.store(), &settings.data_dir)?;
            writeln!(out, "Demo admin email: {}", crate::demo::DEMO_ADMIN_EMAIL)?;
            writeln!(out, "Demo admin password: {}", admin.password)?;
            writeln!(out, "Demo admin TOTP: {}", admin.otpauth_uri)?;
        }
        out.flush()?;
        drop(out);
        app.run_until_stopped().await?;
        Ok(())
    })
}

fn create_admin(settings: &Settings, admin: &NewAdmin<'_>) -> anyhow::Result<()> {
    crate::secrets::private_dir(&settings.data_dir)?;
    let store = open_store(settings)?;
    let (user, created) = make_admin(&store, admin)?;
    let enrolled = if user.second_factor.is_enrolled() { "authenticator enrolled" } else { "enrols at first login" };
    println!("{} admin {} (id {}, {enrolled})", if created { "Created" } else { "Updated" }, user.email, user.id);
    Ok(())
}

/// What `ayo create-admin` is given.
pub struct NewAdmin<'a> {
    pub email: &'a str,
    pub password: &'a str,
    pub name: &'a str,
    /// A base32 TOTP secret to enrol at once.
    pub totp_secret: Option<&'a str>,
}

/// Validates the credentials and stores the admin durably: (the admin, whether it is new).
pub fn make_admin(store: &Store, admin: &NewAdmin<'_>) -> anyhow::Result<(User, bool)> {
    let email = Email::parse(admin.email).map_err(|e| anyhow::anyhow!("--email: {e}"))?;
    let secret = Password::parse(admin.password).map_err(|e| anyhow::anyhow!("--password: {e}"))?;
    let min = crate::routes::ADMIN_PASSWORD_MIN;
    anyhow::ensure!(
        admin.password.chars().count() >= min,
        "--password: an admin's password must be at least {min} characters"
    );
    let totp = match admin.totp_secret {
        Some(raw) => Some(
            totp::normalise_secret(raw)
                .ok_or_else(|| anyhow::anyhow!("--totp-secret: must be base32 of at least 80 bits (16 characters)"))?,
        ),
        None => None,
    };
    let hash = password::hash(secret.expose())?;
    let made = store.users.upsert_admin(&email, admin.name, &hash, totp.as_deref())?;
    store.flush_blocking()?;
    Ok(made)
}
