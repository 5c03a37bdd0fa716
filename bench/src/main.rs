//! `ayo-bench <scenario>`: starts the real `ayo` server on loopback with a temp data directory, loads it, and prints
//! figures. Benchmarks are not tests: nothing here asserts on time, and CI never runs it. See docs/performance.md.
//!
//! ```text
//! cargo run --release -p ayo-bench -- fanout   [--clients 1000,5000,19000] [--signed-in]
//! bash scripts/cluster-services.sh target/release/ayo-bench fanout --clients 19000 --nodes 1,3 [--bus nats://…]
//! cargo run --release -p ayo-bench -- purchase [--players 50,500] [--secs 15] [--rate 10000]
//! bash scripts/cluster-services.sh target/release/ayo-bench pg-purchase [--nodes 1,2,3] [--players 500]
//! cargo run --release -p ayo-bench -- settle   [--tickets 100000,1000000] [--players 10000] [--watchers 10000]
//! cargo run --release -p ayo-bench -- http     [--connections 64] [--secs 10]
//! cargo run --release -p ayo-bench -- page
//! cargo run --release -p ayo-bench -- lists    [--draws 200000] [--entries 1000000] [--requests 200]
//! cargo run --release -p ayo-bench -- bus-seal [--sizes 200,2000,20000] [--messages 100000]
//! ```

mod bus_seal;
mod fanout;
mod http;
mod liability;
mod lists;
mod page;
mod pg_purchase;
mod purchase;
mod rawhttp;
mod reference;
mod risk_desk;
mod seed;
mod server;
mod settle;
mod stats;
mod ws_worker;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "ayo-bench", about = "Benchmarks of the real ayo server on loopback (figures only, no assertions)")]
struct Cli {
    #[command(subcommand)]
    scenario: Scenario,
}

#[derive(Subcommand)]
enum Scenario {
    /// The liability engine alone: N mixed tickets added to one draw, then its exact worst case searched for.
    Liability {
        #[arg(long, value_delimiter = ',', default_value = "10000,100000,1000000")]
        tickets: Vec<usize>,
    },
    /// N WebSocket clients subscribed to draws: a draw result and a marquee message are published.
    Fanout {
        /// Client counts to measure, one server each.
        #[arg(long, value_delimiter = ',', default_value = "1000,5000,19000")]
        clients: Vec<usize>,
        /// Clients per load process (each process binds its own 127.0.x.1 source address).
        #[arg(long, default_value_t = 5000)]
        per_process: usize,
        /// Each of Ayo's sockets signs in as its own player (the reference's stay anonymous).
        #[arg(long)]
        signed_in: bool,
        /// Cluster fan-out: for each count, that many `ayo serve --bus` nodes share the clients and a marquee
        /// posted on the first must reach them all (no draw, no Node reference). Without it: one node, no bus.
        #[arg(long, value_delimiter = ',')]
        nodes: Vec<usize>,
        /// The NATS server of `--nodes` (default: `AYO_TEST_NATS_URL`, set by scripts/cluster-services.sh).
        #[arg(long)]
        bus: Option<String>,
    },
    /// C concurrent players buying tickets (each durable) for a fixed time; the ledger is audited afterwards.
    Purchase {
        #[arg(long, value_delimiter = ',', default_value = "50,500")]
        players: Vec<usize>,
        #[arg(long, default_value_t = 15)]
        secs: u64,
        /// Purchases a second offered by all players together, each on its own schedule (0: back to back).
        #[arg(long, default_value_t = 0.0)]
        rate: f64,
        /// Cluster mode: this many `ayo serve --store --bus` nodes per run (e.g. 1,2,3), on a throwaway database of
        /// `AYO_TEST_POSTGRES_URL` and the NATS of `AYO_TEST_NATS_URL` (scripts/cluster-services.sh sets both).
        #[arg(long, value_delimiter = ',')]
        nodes: Vec<usize>,
        /// The game carries risk limits (all far above what the run sells, so none refuses): each sale updates
        /// its draw's liability and checks them, to compare with a run without (decision 053).
        #[arg(long)]
        limits: bool,
    },
    /// Cluster mode's money engine: C players buying through 1, 2, 3 nodes on one PostgreSQL (in this process).
    PgPurchase {
        /// The PostgreSQL to create a throwaway database in (default: `AYO_TEST_POSTGRES_URL`).
        #[arg(long)]
        url: Option<String>,
        #[arg(long, value_delimiter = ',', default_value = "1,2,3")]
        nodes: Vec<usize>,
        #[arg(long, default_value_t = 500)]
        players: usize,
        #[arg(long, default_value_t = 15)]
        secs: u64,
        /// Each node count runs again right after with the game carrying risk limits (all far above what the run
        /// sells, so none refuses): every batch locks its draw's risk row (decision 056), to compare in one run.
        #[arg(long)]
        limits: bool,
    },
    /// A draw with many tickets across many players: time from draw to last wallet credited and last push.
    Settle {
        #[arg(long, value_delimiter = ',', default_value = "100000,1000000")]
        tickets: Vec<usize>,
        #[arg(long, default_value_t = 10_000)]
        players: usize,
        /// Players with a signed-in socket that count the tickets in their `tickets.settled` pushes (0: none).
        #[arg(long, default_value_t = 10_000)]
        watchers: usize,
        /// Clients per load process.
        #[arg(long, default_value_t = 5000)]
        per_process: usize,
    },
    /// GET /api/v1/health throughput over keep-alive connections: the ceiling of the HTTP stack.
    Http {
        #[arg(long, default_value_t = 64)]
        connections: usize,
        #[arg(long, default_value_t = 10)]
        secs: u64,
    },
    /// JS+CSS gzipped on first visit (npm run size) and Lighthouse mobile scores for / and /games/ayo-express.
    Page {
        /// Use web/dist as it is (no `npm run build`).
        #[arg(long)]
        no_build: bool,
    },
    /// Every list endpoint's p99 on a store of `draws` draws and `entries` ledger entries, against an empty one.
    Lists {
        #[arg(long, default_value_t = 200_000)]
        draws: usize,
        #[arg(long, default_value_t = 1_000_000)]
        entries: usize,
        #[arg(long, default_value_t = 200)]
        requests: usize,
    },
    /// Sealing and opening bus messages (`AYO_BUS_KEY`): the cost per message a node sends and receives.
    BusSeal {
        /// Body sizes in bytes.
        #[arg(long, value_delimiter = ',', default_value = "200,2000,20000")]
        sizes: Vec<usize>,
        #[arg(long, default_value_t = 100_000)]
        messages: usize,
    },
    /// The risk desk, live: N sales one after another on a game with limits, each timed to the admin's
    /// `risk.updated` and to the desk's report read after it.
    RiskDesk {
        #[arg(long, default_value_t = 200)]
        sales: usize,
    },
    /// One load process of `fanout` and `settle` (spawned by them).
    #[command(hide = true)]
    WsWorker(ws_worker::Args),
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    if !matches!(cli.scenario, Scenario::WsWorker(_)) {
        server::kill_children_on_signal();
    }
    match cli.scenario {
        Scenario::Liability { tickets } => liability::run(&tickets),
        Scenario::Fanout { clients, per_process, signed_in, nodes, bus } if !nodes.is_empty() => {
            fanout::cluster(&clients, per_process, signed_in, &nodes, bus)
        }
        Scenario::Fanout { clients, per_process, signed_in, .. } => fanout::run(&clients, per_process, signed_in),
        Scenario::Purchase { players, secs, rate, nodes, limits } => {
            let target = if nodes.is_empty() {
                purchase::Target::Embedded
            } else {
                let var = |name: &str| {
                    std::env::var(name)
                        .map_err(|_| anyhow::anyhow!("--nodes needs {name}: run under scripts/cluster-services.sh"))
                };
                purchase::Target::Cluster {
                    postgres: var("AYO_TEST_POSTGRES_URL")?,
                    bus: var("AYO_TEST_NATS_URL")?,
                    nodes,
                }
            };
            purchase::run(&players, secs, rate, &target, limits)
        }
        Scenario::PgPurchase { url, nodes, players, secs, limits } => {
            pg_purchase::run(url, &nodes, players, secs, limits)
        }
        Scenario::Settle { tickets, players, watchers, per_process } => {
            settle::run(&tickets, players, watchers, per_process)
        }
        Scenario::Http { connections, secs } => http::run(connections, secs),
        Scenario::Page { no_build } => page::run(no_build),
        Scenario::Lists { draws, entries, requests } => lists::run(draws, entries, requests),
        Scenario::BusSeal { sizes, messages } => bus_seal::run(&sizes, messages),
        Scenario::RiskDesk { sales } => risk_desk::run(sales),
        Scenario::WsWorker(args) => ws_worker::run(args),
    }
}
