//! How a node reaches the Hubs: its own, and in cluster mode (`--bus nats://…`, `AYO_BUS_URL`) every other node's
//! through NATS (docs/decisions/030), signed in and over TLS as `transport` says, every message sealed with the
//! cluster's key (`key`, `seal`; docs/scaling.md, "Securing the bus").
//!
//! The actors publish through `Bus::publisher`; the handlers end sessions and stop marketing through `Bus`. Without
//! a bus both are exactly the local Hub: the same `Publisher` as ever, the same messages.

pub mod key;
pub mod lead;
pub mod nats;
pub mod seal;
pub mod transport;
pub mod wire;

use std::path::PathBuf;
use std::sync::Arc;

use actix::Addr;

use ayo_actors::draw_actor::RevealRefused;
use ayo_actors::hub::{EndSessions, Hub, StopMarketing};
use ayo_actors::publisher::Publisher;
use ayo_actors::scheduler::{Cancel, Refresh, Scheduler};
use ayo_data::draw::Draw;
use ayo_data::lotto::Balls;
use ayo_data::user::UserId;
use ayo_data::Store;

use wire::Control;

/// The local Hub, and this node's outlet onto the bus when it has one.
#[derive(Clone)]
pub struct Bus {
    hub: Addr<Hub>,
    outlet: Option<nats::Outlet>,
}

impl Bus {
    /// One node on its own: everything goes to its Hub only.
    pub fn local(hub: Addr<Hub>) -> Self {
        Self { hub, outlet: None }
    }

    /// This node in a cluster: connects to NATS at `url` (see `nats::connect`) with its credentials, the TLS
    /// authority `ca_file` and the bus key (`key::BusKey::for_node`).
    pub async fn connect(
        key: key::BusKey,
        url: &str,
        ca_file: Option<PathBuf>,
        hub: Addr<Hub>,
    ) -> anyhow::Result<Self> {
        let transport = transport::Transport::parse(url, ca_file)?;
        let outlet = nats::connect(&transport, key, hub.clone()).await?;
        Ok(Self { hub, outlet: Some(outlet) })
    }

    /// This node's id on the bus, when it has one.
    pub fn node(&self) -> Option<&str> {
        self.outlet.as_ref().map(nats::Outlet::node)
    }

    /// A `Publisher` for the actors: to the local Hub (`Hub::publisher`), and with a bus to the other nodes too.
    pub fn publisher(&self) -> Publisher {
        let local = Hub::publisher(self.hub.clone());
        match &self.outlet {
            Some(outlet) => local.with_relay(Arc::new(outlet.clone())),
            None => local,
        }
    }

    /// Hands one event to every node's Hub (a player's socket may be on any node): for a change a handler made, as
    /// the actors publish theirs.
    pub fn publish(&self, event: ayo_actors::events::Event) {
        self.publisher().publish(event);
    }

    /// A `Publisher` to this node's Hub only, for what every node computes for itself (the admins' dashboard, read
    /// from the store the nodes share): relaying it would send each admin one copy per node.
    pub fn local_publisher(&self) -> Publisher {
        Hub::publisher(self.hub.clone())
    }

    /// Ends the private topics of the account's sockets on every node (`hub::EndSessions`): its tokens have just
    /// stopped working.
    pub fn end_sessions(&self, user_id: UserId) {
        self.hub.do_send(EndSessions { user_id });
        if let Some(outlet) = &self.outlet {
            outlet.control(user_id, Control::EndSessions);
        }
    }

    /// Takes the player's sockets off the marquee on every node (`hub::StopMarketing`).
    pub fn stop_marketing(&self, user_id: UserId) {
        self.hub.do_send(StopMarketing { user_id });
        if let Some(outlet) = &self.outlet {
            outlet.control(user_id, Control::StopMarketing);
        }
    }

    /// Answers other nodes' draw commands with this node's scheduler while it runs the draws (a cluster node), and
    /// audits them in `store`.
    pub async fn serve_draw_commands(&self, scheduler: Addr<Scheduler>, store: Store) -> anyhow::Result<()> {
        match &self.outlet {
            Some(outlet) => lead::serve(outlet, scheduler, store).await,
            None => Ok(()),
        }
    }

    /// A game was created or changed: the node running the draws plans them now (this one, or through the bus).
    pub async fn refresh_draws(&self, scheduler: &Addr<Scheduler>) {
        scheduler.do_send(Refresh);
        if let Some(outlet) = &self.outlet {
            lead::refresh(outlet).await;
        }
    }

    /// Gives a witness's signature or reveal to the draw's actor where the draws run: this node's, or, when another
    /// node of the cluster runs them, that node's through the bus (`lead::witness`), never written around the actor.
    pub async fn witness(
        &self,
        scheduler: &Addr<Scheduler>,
        store: &Store,
        draw_id: u64,
        act: lead::WitnessAct,
    ) -> Result<Draw, RevealRefused> {
        let here = lead::witness_here(scheduler, draw_id, act.clone()).await;
        match &self.outlet {
            Some(outlet) if matches!(here, Err(RevealRefused::Elsewhere)) => {
                lead::witness(outlet, store, draw_id, act).await
            }
            _ => here,
        }
    }

    /// Cancels a draw where the draws run: this node's scheduler, or, when another node of the cluster runs them,
    /// that node's through the bus. Either writes the audit entry naming `asker` (`lead::cancel_audited`). `Err`
    /// says why not, in words for the admin.
    pub async fn cancel_draw(
        &self,
        scheduler: &Addr<Scheduler>,
        store: &Store,
        asker: lead::Asker,
        draw_id: u64,
        reason: String,
        emergency: bool,
    ) -> Result<Option<Balls>, String> {
        let cancel = Cancel { draw_id, reason: reason.clone(), emergency };
        let here = lead::cancel_audited(scheduler, store, &asker, cancel).await;
        match &self.outlet {
            Some(outlet) if lead::elsewhere(&here) => {
                lead::cancel(outlet, Cancel { draw_id, reason, emergency }, asker).await
            }
            _ => here,
        }
    }
}
