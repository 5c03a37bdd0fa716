//! Builds the application from settings: opens the store, loads secrets, binds the listener (port 0 in tests) and
//! returns a handle that knows its port.

use std::net::TcpListener;
use std::time::Duration;

use actix_http::{HttpService, KeepAlive};
use actix_service::{map_config, IntoServiceFactory, ServiceFactory, ServiceFactoryExt};
use actix_web::body::MessageBody;
use actix_web::dev::{AppConfig, Server, ServiceRequest, ServiceResponse};
use actix_web::{middleware, web, App};
use anyhow::Context;
use tracing_actix_web::TracingLogger;

use ayo_data::Store;

use crate::auth::Tokens;
use crate::http::state::AppState;
use crate::mail::Postman;
use crate::rate_limit::{Limits, RateLimiter};
use crate::secrets;
use crate::server::assets;
use crate::server::config::Settings;

pub struct Application {
    port: u16,
    host: String,
    server: Server,
    state: web::Data<AppState>,
    metrics_url: Option<String>,
    /// A cluster node's part in running the draws.
    leadership: Option<crate::jobs::leadership::Contention>,
}

impl Application {
    pub async fn build(settings: Settings) -> anyhow::Result<Self> {
        Self::build_with_limits(settings, Limits::default()).await
    }

    pub async fn build_with_limits(settings: Settings, limits: Limits) -> anyhow::Result<Self> {
        crate::server::keys::require_strong_secrets(&settings)?;
        let forwarded_header = match &settings.forwarded_header {
            Some(name) => crate::client_ip::ForwardedHeader::parse(name).map_err(anyhow::Error::msg)?,
            None => crate::client_ip::ForwardedHeader::default(),
        };
        let trusted_proxies = crate::client_ip::TrustedProxies::parse(&settings.trusted_proxies)
            .map_err(anyhow::Error::msg)?
            .reading(forwarded_header);
        let guests_per_address =
            crate::http::realtime::admission::guests_per_address(settings.ws_guests_per_address.as_deref())
                .map_err(anyhow::Error::msg)?;
        let sockets = crate::http::realtime::admission::Admission::new(
            guests_per_address,
            crate::http::realtime::admission::budget(),
        );
        crate::secrets::private_dir(&settings.data_dir)?;
        let store = open_store(&settings)?;
        // Before anything starts: a refused gateway mode stops here.
        let payments = crate::payments::Payments::new(&settings.payments, &settings.data_dir, store.clone())?;
        crate::payments::mode::check_and_record(&store, payments.gateway.name(), settings.accept_sandbox_history)?;
        if let Some(list) = &settings.licensed_states {
            let licence = ayo_data::residence::Licence::parse(list)
                .map_err(|bad| anyhow::anyhow!("AYO_LICENSED_STATES: {bad:?} is not a state's ISO 3166-2:NG code"))?;
            store.meta.set_licence(&licence)?;
        }
        crate::server::operator::establish(&store, &settings.operator, settings.demo)?;
        let identity = crate::identity::IdentityProvider::new(&settings.identity)?;
        if identity.is_sandbox() {
            tracing::warn!("identity checks use the built-in SANDBOX provider: NINs are not checked with NIMC");
        }
        let (jwt_secret, pepper) = crate::server::keys::token_and_code(&settings)?;
        let postman =
            Postman::new(&settings.mail_from, settings.smtp_url.as_deref(), settings.data_dir.join("outbox"))?;
        let hub = actix::Actor::start(ayo_actors::hub::Hub::default());
        if settings.store_url.is_some() && settings.bus_url.is_none() {
            tracing::warn!(
                "a cluster node without --bus: events made on other nodes will not reach this node's sockets"
            );
        }
        let bus = match &settings.bus_url {
            Some(url) => {
                crate::bus::Bus::connect(
                    crate::bus::key::BusKey::for_node(settings.bus_key.as_deref(), settings.demo)?,
                    url,
                    settings.bus_ca_file.clone(),
                    hub.clone(),
                )
                .await?
            }
            None => crate::bus::Bus::local(hub.clone()),
        };
        // A cluster node runs the draws only while it holds the lottery's lease (`leadership`).
        let clustered = settings.store_url.is_some();
        let engine = ayo_actors::engine::Engine::start_leading(store.clone(), bus.publisher(), !clustered);
        let (limiter, leadership) = match &settings.store_url {
            Some(url) => {
                let holder = format!("{}-{}", bus.node().unwrap_or("node"), hex::encode(rand::random::<[u8; 6]>()));
                let contention = crate::jobs::leadership::contend(url.clone(), engine.clone(), holder);
                let client = std::sync::Arc::new(ayo_data::pg::connect(url).await?);
                (RateLimiter::shared_at(url.clone(), client), Some(contention))
            }
            None => (RateLimiter::default(), None),
        };
        bus.serve_draw_commands(engine.scheduler.clone(), store.clone()).await?;
        crate::jobs::dashboard::start_live(store.clone(), bus.local_publisher());
        crate::jobs::risk_live::start(store.clone(), bus.publisher());
        crate::jobs::beacon::start(store.clone(), engine.scheduler.clone(), settings.drand_url.clone());
        if let Some(days) = settings.audit_retention_days {
            if days < crate::jobs::retention::MIN_DAYS {
                anyhow::bail!(
                    "AYO_AUDIT_RETENTION_DAYS is {days}: keep the audit log at least {} days",
                    crate::jobs::retention::MIN_DAYS
                );
            }
            crate::jobs::retention::start(store.clone(), days);
        }
        let signer = std::sync::Arc::new(ayo_data::signed_receipt::TicketSigner {
            key: crate::server::keys::receipt_key(&settings)?,
            pseudonym_key: store.meta.pseudonym_key()?,
        });
        let listener = TcpListener::bind(&settings.bind).with_context(|| format!("binding {}", settings.bind))?;
        let address = listener.local_addr()?;
        let state = web::Data::new(AppState {
            local_addr: address,
            engine,
            payments,
            identity,
            store,
            tokens: Tokens::new(&jwt_secret, settings.token_ttl_secs),
            pepper,
            postman,
            limiter,
            limits,
            trusted_proxies,
            adjust_approval_above: settings.adjust_approval_above,
            background: Default::default(),
            hub,
            bus,
            draining: Default::default(),
            hashing: crate::auth::hash_queue::HashQueue::new(limits.hashes_per_source, limits.hashes_waiting),
            sockets,
            signer,
        });

        crate::server::control::listen(&settings.data_dir, state.store.clone())?;
        crate::server::metrics::prepare(settings.metrics_bind.as_deref());
        let metrics_url = crate::server::metrics::serve(
            settings.metrics_bind.as_deref(),
            settings.metrics_token.clone(),
            state.clone(),
        )?;
        let workers =
            if clustered { CLUSTER_WORKERS } else { std::thread::available_parallelism().map_or(2, |n| n.get()) };
        let server = serve(listener, state.clone(), workers)?;
        Ok(Self { port: address.port(), host: address.ip().to_string(), server, state, metrics_url, leadership })
    }

    /// Where `/metrics` is served, when `AYO_METRICS_BIND` is set.
    pub fn metrics_url(&self) -> Option<&str> {
        self.metrics_url.as_deref()
    }

    /// A cluster node's part in running the draws (none on its own).
    pub fn leadership(&self) -> Option<crate::jobs::leadership::Contention> {
        self.leadership.clone()
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    pub fn url(&self) -> String {
        format!("http://{}:{}", self.host, self.port)
    }

    pub fn engine(&self) -> ayo_actors::engine::Engine {
        self.state.engine.clone()
    }

    pub fn store(&self) -> Store {
        self.state.store.clone()
    }

    /// The WebSocket hub, so tests can publish events through the running server.
    pub fn hub(&self) -> actix::Addr<ayo_actors::hub::Hub> {
        self.state.hub.clone()
    }

    /// Mail and codes still being sent after their answers.
    pub fn background(&self) -> crate::http::state::Background {
        self.state.background.clone()
    }

    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        self.server.await
    }

    /// Serves until SIGTERM or SIGINT, then drains (docs/architecture.md §10): `/ready` turns 503, every socket
    /// is closed with 1012 so browsers reconnect elsewhere, the listener stops accepting, requests in flight (a
    /// purchase with its flush) finish, and the store is flushed. A settlement is safe at any point (each player's
    /// payout is one transaction, resumed at the next start), so it is not waited for.
    pub async fn run_until_signalled(self) -> anyhow::Result<()> {
        let handle = self.server.handle();
        let server = actix_web::rt::spawn(self.server);
        let signal = shutdown_signal().await?;
        let started = std::time::Instant::now();
        tracing::info!(signal, "draining before exit");
        self.state.draining.store(true, std::sync::atomic::Ordering::SeqCst);
        if let Some(leadership) = &self.leadership {
            // Hands the draws over at once rather than after the lease's life.
            leadership.resign().await;
        }
        let sockets = self.state.hub.send(ayo_actors::hub::CloseAll).await.unwrap_or(0);
        handle.stop(true).await;
        self.state.store.flush().await?;
        server.await??;
        tracing::info!(sockets, elapsed_ms = started.elapsed().as_millis(), "stopped");
        Ok(())
    }
}

/// HTTP workers of a cluster node. Its handlers read PostgreSQL through blocking calls (`pg::blocking`, a few
/// hundred µs each), which hold the worker meanwhile: with one worker per core a node spends most of its time
/// waiting (docs/decisions/033 has the figures), so a cluster node runs many more workers than cores.
const CLUSTER_WORKERS: usize = 16;

/// How long requests in flight may take to finish after SIGTERM (the process must be gone within 10 s).
const SHUTDOWN_TIMEOUT_SECS: u64 = 8;

/// Serves the public port: actix-web for HTTP (with `HttpServer`'s defaults: 5 s keep-alive, 5 s to send a
/// request's head), and the lean stack for connections that open the WebSocket (`crate::server::front`). Built on
/// actix-server directly because `HttpServer` owns its connections whole and cannot hand one to another stack.
fn serve(listener: TcpListener, state: web::Data<AppState>, workers: usize) -> std::io::Result<Server> {
    let address = listener.local_addr()?;
    let builder = actix_server::Server::build().workers(workers);
    let shutdown = builder.graceful_shutdown_signal();
    Ok(builder
        .listen("ayo", listener, move || {
            let shutdown = shutdown.clone();
            let app = app(state.clone()).into_factory().map_err(|err| err.error_response());
            let http = HttpService::build()
                .keep_alive(KeepAlive::default())
                .client_request_timeout(Duration::from_secs(5))
                .client_disconnect_timeout(Duration::from_secs(1))
                .local_addr(address)
                // Idle kept-alive connections close at once when the server stops, as under `HttpServer`.
                .graceful_shutdown_signal(move || {
                    let shutdown = shutdown.clone();
                    async move { shutdown.notified().await }
                })
                // Over `front::Replayed`, not a bare `TcpStream` (`.tcp()`): the front has read the first bytes.
                .finish(map_config(app, |_| AppConfig::default()));
            crate::server::front::with_sockets(http, state.clone())
        })?
        // SIGTERM is ours to handle (`run_until_signalled`): sockets are told to reconnect before the server stops.
        .disable_signals()
        .shutdown_timeout(SHUTDOWN_TIMEOUT_SECS)
        .run())
}

/// The actix-web application: the API under `/api/v1`, the app's files, and the socket for upgrades that arrive on
/// a connection that served HTTP first.
fn app(
    state: web::Data<AppState>,
) -> App<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    App::new()
        .app_data(state)
        .app_data(crate::error::path_config())
        .app_data(crate::error::query_config())
        .wrap(middleware::from_fn(crate::server::security_headers::add))
        // The WebSocket sits outside the request logging and compression: both wrap a response body for its whole
        // life, and a socket's body is every frame pushed to it (a span entered per frame).
        .configure(crate::http::realtime::configure)
        .service(
            web::scope("")
                .wrap(middleware::Compress::default())
                .wrap(TracingLogger::default())
                .wrap(middleware::from_fn(crate::server::metrics::track))
                .configure(crate::http::api_doc::configure)
                .default_service(web::get().to(assets::serve)),
        )
}

/// Waits for SIGTERM (systemd, Kubernetes) or SIGINT (Ctrl-C); answers which.
async fn shutdown_signal() -> anyhow::Result<&'static str> {
    use tokio::signal::unix::{signal, SignalKind};
    let mut term = signal(SignalKind::terminate())?;
    let mut int = signal(SignalKind::interrupt())?;
    Ok(tokio::select! {
        _ = term.recv() => "SIGTERM",
        _ = int.recv() => "SIGINT",
    })
}

/// Opens the store: the data directory's, or with `--store` / `AYO_STORE_URL` the cluster's PostgreSQL. Seeds are
/// sealed with `AYO_SEED_KEY` (hex) or `<data-dir>/secrets/seed.key` (made at first start, 0600): a copy of the
/// database alone never reveals an open draw's balls. A cluster node requires `AYO_SEED_KEY`, which every node
/// must share.
pub fn open_store(settings: &Settings) -> anyhow::Result<Store> {
    let key = crate::server::keys::seed_key(settings)?;
    if let Some(url) = &settings.store_url {
        return Store::cluster(url, &key)
            .with_context(|| format!("opening the cluster's store at {}", secrets::redacted(url)));
    }
    let path = settings.data_dir.join("db");
    Store::open_sealed(&path, &key).with_context(|| {
        format!("opening the database at {} (is another ayo process using this data directory?)", path.display())
    })
}
