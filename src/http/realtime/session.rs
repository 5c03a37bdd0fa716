//! One WebSocket connection, as a task: register with the Hub, send a snapshot, then forward the Hub's events (and a
//! fresh snapshot whenever the Hub says events may have been lost: `hub::RESYNC`).
//!
//! Backpressure: the Hub `try_send`s into this connection's bounded queue and lets go of it when it is full; the
//! session notices the queue closing and closes the socket at once (its backlog is stale: the client reconnects to
//! a fresh snapshot). Writing a frame waits at most `SEND_TIMEOUT`, so a client that stops reading cannot pin the
//! task. Heartbeat: a ping every `HEARTBEAT_INTERVAL`; a client silent for `CLIENT_TIMEOUT` is dropped.

use std::future::Future;
use std::time::{Duration, Instant};

use actix_web::{web, FromRequest, HttpRequest, HttpResponse};
use actix_ws::{CloseCode, CloseReason};
use serde::Deserialize;
use serde_json::{json, Value};

use ayo_actors::hub::{
    self, Authenticate, ConnId, Connect, Disconnect, Hub, Inbox, SettledForm, RESYNC, SERVER_RESTARTING, SESSION_ENDED,
};
use ayo_data::user::{Role, UserId, UserStatus};

use crate::error::ApiError;
use crate::http::extract::session_for_token;
use crate::http::realtime::admission::{self, Refused, Seat};
use crate::http::realtime::frames::{Fault, Said};
use crate::http::realtime::snapshot::{receives_marketing, snapshot};
use crate::http::realtime::socket::{Closed, Incoming, Outgoing, UpgradedPayload};
use crate::http::state::AppState;

/// How often the server pings.
pub const HEARTBEAT_INTERVAL: Duration = Duration::from_secs(15);
/// How long a client may stay silent (no pong, no frame at all) before it is dropped.
pub const CLIENT_TIMEOUT: Duration = Duration::from_secs(45);
/// How long handing one frame to the socket may take. The socket buffers a few frames, so this only runs out when
/// the client has stopped reading altogether.
pub const SEND_TIMEOUT: Duration = Duration::from_secs(10);
/// How often a socket tries again to read the fresh snapshot a resync asks for, when the store does not answer.
pub const RESYNC_RETRY: Duration = Duration::from_secs(2);
/// How long a socket keeps trying before it closes, so its client reconnects (elsewhere, perhaps) for a snapshot.
pub const RESYNC_PATIENCE: Duration = Duration::from_secs(30);

/// GET /api/v1/ws on a connection that served HTTP first: upgrades through actix-ws and leaves the connection to
/// its own task. (A connection whose first request is the upgrade never gets here: `crate::server::front` hands it to the
/// lean stack, `crate::http::realtime::lean`.)
#[utoipa::path(
    get,
    path = "/ws",
    summary = "The WebSocket (push only); see docs/api-lotto.md",
    tag = "live",
    responses(
        (status = 101, description = "Switching protocols"),
        (status = 400, description = "Not a WebSocket upgrade"),
    )
)]
pub async fn connect(
    req: HttpRequest,
    body: web::Payload,
    state: web::Data<AppState>,
) -> Result<HttpResponse, actix_web::Error> {
    // actix-ws answers the handshake (400 if it is not one) and carries what the server sends; what the client sends
    // is read from the request's payload by `UpgradedPayload` (bounded), so actix-ws's own reader gets an empty one.
    let unused = web::Payload::from_request(&req, &mut actix_web::dev::Payload::None).await?;
    let (response, session, _unread) = actix_ws::handle(&req, unused)?;
    let address = admission::address(&state.trusted_proxies, req.peer_addr().map(|a| a.ip()), req.headers());
    let seat = match state.sockets.admit(address) {
        Ok(seat) => seat,
        Err(refused) => return Ok(refusal(refused)),
    };
    // Outside the request-logging middleware (see startup), so say it here.
    tracing::debug!(peer = %crate::http::state::client_ip(&req), "socket opened");
    actix_web::rt::spawn(run(state, session, UpgradedPayload::new(body), seat));
    Ok(response)
}

fn refusal(refused: Refused) -> HttpResponse {
    HttpResponse::build(refused.status())
        .insert_header(("Retry-After", admission::RETRY_AFTER_SECS.to_string()))
        .json(json!({ "message": refused.message() }))
}

/// The only message a client sends. `batch` lists the events the client takes batched (docs/api-lotto.md: today only
/// `tickets.settled`); names the server does not know are ignored.
#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
enum ClientMessage {
    Auth {
        token: String,
        #[serde(default)]
        batch: Vec<String>,
    },
}

/// Why a connection ends, and what (if anything) to tell the client.
enum End {
    /// The Hub let go of the queue: too far behind.
    Lagging,
    /// Events may have been lost (`hub::Resync`) and no whole snapshot could be read for `RESYNC_PATIENCE`: the
    /// client reconnects (with its backoff) and reads one then.
    Unsynced,
    /// `auth` could not be checked (the store did not answer): the client reconnects and signs in again, rather than
    /// staying a guest that hears nothing of its wallet.
    Unavailable,
    /// The server is shutting down (SIGTERM).
    Restarting,
    /// The signed-in session ended: its token expired, or the account logged out, changed its password or was
    /// suspended.
    SessionEnded,
    /// No frame for `CLIENT_TIMEOUT`.
    Silent,
    /// Admitted past its address's guest cap and not signed in within `admission::SIGN_IN_WITHIN`.
    Crowded,
    ClientClosed(Option<CloseReason>),
    Protocol(Fault),
    /// The socket is gone or would not take a frame in time: nothing more can be said.
    Unwritable,
}

/// Sends `Disconnect` however the task ends.
struct Registration {
    hub: actix::Addr<Hub>,
    id: ConnId,
}

impl Drop for Registration {
    fn drop(&mut self) {
        self.hub.do_send(Disconnect { id: self.id });
    }
}

/// Who a socket signed in as: enough to read their snapshot again, and to tell whether their session has ended since.
#[derive(Clone, Copy)]
struct SignedIn {
    user_id: UserId,
    token_version: u32,
}

struct Connection<O> {
    state: web::Data<AppState>,
    session: O,
    id: ConnId,
    /// Whom `auth` signed in, if it did: the user is reloaded when needed, never kept per socket.
    signed_in: Option<SignedIn>,
    /// When the token the socket signed in with expires: its private topics end then. Before `auth`, when a socket
    /// admitted past its address's guest cap must have signed in (`admission::SIGN_IN_WITHIN`).
    expires: Option<tokio::time::Instant>,
    last_heard: Instant,
    /// Its place among the sockets (`admission`): given back when the connection ends.
    seat: Seat,
    /// A resync whose snapshot could not be read yet: when to try again, and since when it has been trying.
    resync_due: Option<(tokio::time::Instant, tokio::time::Instant)>,
}

/// Serves one socket until it ends, whichever stack carries it.
pub(crate) async fn run(state: web::Data<AppState>, session: impl Outgoing, mut stream: impl Incoming, seat: Seat) {
    let id = ConnId::next();
    let (sender, mut inbox) = hub::queue();
    let expires = seat.waiting().then(|| tokio::time::Instant::now() + admission::SIGN_IN_WITHIN);
    // Built before the first await: an argument moved into it only then would be kept beside it across that await.
    let mut connection =
        Connection { state, session, id, signed_in: None, expires, last_heard: Instant::now(), seat, resync_due: None };
    // Registered before the snapshot is read, so an event persisted after that read is in the queue.
    if Box::pin(connection.state.hub.send(Connect { id, sender })).await.is_err() {
        tracing::error!("the hub is not running; closing a new socket");
        connection.session.close(Some(CloseCode::Error.into())).await;
        return;
    }
    let _registration = Registration { hub: connection.state.hub.clone(), id };
    let end = match Box::pin(connection.send_snapshot(None)).await {
        Ok(()) => connection.serve(&mut stream, &mut inbox).await,
        Err(end) => end,
    };
    Box::pin(connection.close(end)).await;
}

impl<O: Outgoing> Connection<O> {
    async fn serve(&mut self, stream: &mut impl Incoming, inbox: &mut Inbox) -> End {
        let start = tokio::time::Instant::now() + HEARTBEAT_INTERVAL;
        let mut heartbeat = tokio::time::interval_at(start, HEARTBEAT_INTERVAL);
        heartbeat.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            let step = tokio::select! {
                event = inbox.recv() => match event {
                    Some(text) if &*text == SESSION_ENDED => Err(End::SessionEnded),
                    Some(text) if &*text == SERVER_RESTARTING => Err(End::Restarting),
                    Some(text) if &*text == RESYNC && !inbox.is_closed() => {
                        // A retry already waiting keeps its patience: a loss reported again does not extend it.
                        let since = self.resync_due.take().map_or_else(tokio::time::Instant::now, |(_, since)| since);
                        Box::pin(self.resync(since)).await
                    }
                    // A closed queue with a backlog means the Hub dropped us: the backlog is stale, skip it.
                    Some(text) if !inbox.is_closed() => self.send(&text).await,
                    _ => Err(End::Lagging),
                },
                // One deadline serves both: a guest admitted past its address's cap has none from a token.
                () = expiry(self.resync_due.map(|(at, _)| at)) => {
                    let since = self.resync_due.take().map_or_else(tokio::time::Instant::now, |(_, since)| since);
                    Box::pin(self.resync(since)).await
                }
                () = expiry(self.expires) => Err(if self.signed_in.is_some() { End::SessionEnded } else { End::Crowded }),
                frame = stream.recv() => match frame {
                    Some(Ok(message)) => {
                        self.last_heard = Instant::now();
                        // Boxed, like the other rare steps: this future lives as long as the socket, and is as large
                        // as its largest step (signing in is the largest by far).
                        Box::pin(self.on_message(message)).await
                    }
                    Some(Err(e)) => Err(End::Protocol(e)),
                    None => Err(End::ClientClosed(None)),
                },
                _ = heartbeat.tick() => {
                    if self.last_heard.elapsed() > CLIENT_TIMEOUT {
                        Err(End::Silent)
                    } else {
                        bounded(self.session.ping()).await
                    }
                }
            };
            if let Err(end) = step {
                return end;
            }
        }
    }

    async fn on_message(&mut self, message: Said) -> Result<(), End> {
        match message {
            Said::Text(text) => match serde_json::from_slice::<ClientMessage>(&text) {
                Ok(ClientMessage::Auth { token, batch }) => {
                    self.authenticate(&token, SettledForm::from_batch(batch.iter().map(String::as_str))).await
                }
                // Push only: anything else a client says is ignored.
                Err(_) => Ok(()),
            },
            Said::Ping(bytes) => bounded(self.session.pong(&bytes)).await,
            Said::Close(reason) => Err(End::ClientClosed(reason)),
            Said::Other => Ok(()),
        }
    }

    async fn authenticate(&mut self, token: &str, settled: SettledForm) -> Result<(), End> {
        if self.signed_in.is_some() {
            return self.send_error("Already signed in; reconnect to change account", None).await;
        }
        let (user, expires_at) = match session_for_token(&self.state, token) {
            Ok(session) => session,
            Err(e) => {
                let code = match &e {
                    ApiError::Unauthenticated => Some("N403"),
                    ApiError::Suspended => Some("SUSPENDED"),
                    ApiError::Internal(cause) => {
                        tracing::error!(error = format!("{cause:#}"), "socket auth failed");
                        self.send_error(&e.to_string(), None).await?;
                        return Err(End::Unavailable);
                    }
                    _ => None,
                };
                return self.send_error(&e.to_string(), code).await;
            }
        };
        if self.seat.sign_in(user.id).is_err() {
            metrics::counter!("ayo_sockets_refused_total", "reason" => "account").increment(1);
            let message = "Too many live connections for this account; close one and try again";
            return self.send_error(message, Some("TOO_MANY_SOCKETS")).await;
        }
        let is_admin = user.role == Role::Admin;
        let marketing = receives_marketing(&self.state, &user);
        match self.state.hub.send(Authenticate { id: self.id, user_id: user.id, is_admin, marketing, settled }).await {
            Ok(true) => {}
            // Not registered any more: the Hub dropped this connection as a laggard.
            Ok(false) | Err(_) => return Err(End::Lagging),
        }
        self.signed_in = Some(SignedIn { user_id: user.id, token_version: user.token_version });
        // A token is valid through its `exp` second (whole seconds): its socket ends when requests start failing.
        let left = (expires_at + chrono::Duration::seconds(1) - chrono::Utc::now()).to_std().unwrap_or_default();
        self.expires = Some(tokio::time::Instant::now() + left);
        self.send_snapshot(Some(&user)).await
    }

    async fn send_snapshot(&mut self, user: Option<&ayo_data::user::User>) -> Result<(), End> {
        let data = snapshot(&self.state, user);
        self.send(&envelope("snapshot", data)).await
    }

    /// Events may have been lost on their way to this node (`hub::Resync`): a fresh snapshot, read now, replaces
    /// whatever the client holds. A signed-in socket's account is read again first: if its session ended meanwhile
    /// (the news of it may have been lost with the rest), the socket ends as it would have. When the store does not
    /// answer (the loss often comes with a cut that touched it too) the socket stays open, hearing events as ever, and
    /// tries again every `RESYNC_RETRY`; after `RESYNC_PATIENCE` (counted from `since`) it closes for a reconnect.
    async fn resync(&mut self, since: tokio::time::Instant) -> Result<(), End> {
        let Some(signed_in) = self.signed_in else { return self.send_snapshot(None).await };
        let user = match self.state.store.users.get(signed_in.user_id) {
            Ok(Some(user)) if user.token_version == signed_in.token_version && user.status != UserStatus::Suspended => {
                Some(user)
            }
            Ok(_) => return Err(End::SessionEnded),
            Err(e) => {
                tracing::warn!(user = signed_in.user_id, error = format!("{e:#}"), "account not read for a resync");
                None
            }
        };
        let data = user.map(|user| snapshot(&self.state, Some(&user)));
        // A snapshot whose wallet could not be read would leave the balance unknown: not sent, tried again.
        match data.filter(|data| !data["wallet"].is_null()) {
            Some(data) => self.send(&envelope("snapshot", data)).await,
            None if since.elapsed() < RESYNC_PATIENCE => {
                self.resync_due = Some((tokio::time::Instant::now() + RESYNC_RETRY, since));
                Ok(())
            }
            None => Err(End::Unsynced),
        }
    }

    async fn send_error(&mut self, message: &str, code: Option<&str>) -> Result<(), End> {
        let mut data = json!({ "message": message });
        if let Some(code) = code {
            data["errorCode"] = code.into();
        }
        self.send(&envelope("error", data)).await
    }

    async fn send(&mut self, text: &str) -> Result<(), End> {
        // The socket takes its own copy of the frame; the Hub's `Arc<str>` is freed once every queue has sent it.
        bounded(self.session.text(text)).await
    }

    async fn close(self, end: End) {
        let reason: Option<CloseReason> = match end {
            End::Lagging => Some((CloseCode::Again, "too far behind; reconnect for a fresh snapshot").into()),
            End::Unsynced => Some((CloseCode::Again, "events were lost; reconnect for a fresh snapshot").into()),
            End::Unavailable => Some((CloseCode::Again, "could not sign in just now; reconnect and try again").into()),
            End::SessionEnded => Some((CloseCode::Policy, "session ended; sign in again").into()),
            End::Restarting => Some((CloseCode::Restart, "server restarting; reconnect").into()),
            End::Silent => Some((CloseCode::Away, "no heartbeat").into()),
            End::Crowded => {
                Some((CloseCode::Again, "too many guests from your address; sign in or try again later").into())
            }
            End::ClientClosed(reason) => reason,
            End::Protocol(Fault::Overflow) => Some((CloseCode::Size, "message too big").into()),
            End::Protocol(Fault::Protocol(e)) => {
                tracing::debug!(connection = %self.id, error = %e, "socket protocol error");
                Some(CloseCode::Protocol.into())
            }
            End::Unwritable => return,
        };
        // Dropping the session ends the socket either way; the close frame is a courtesy bounded like any write.
        let _ = tokio::time::timeout(SEND_TIMEOUT, self.session.close(reason)).await;
    }
}

/// A session message (`snapshot`, `error`): the event shape, with `topic` = `type` and `seq` 0.
fn envelope(kind: &str, data: Value) -> String {
    json!({ "type": kind, "topic": kind, "seq": 0, "data": data }).to_string()
}

/// Resolves at `at`; never for `None` (a guest within its address's cap, no resync waiting).
async fn expiry(at: Option<tokio::time::Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

/// Runs one write on the socket, giving up on a client that does not read within `SEND_TIMEOUT`.
async fn bounded(write: impl Future<Output = Result<(), Closed>>) -> Result<(), End> {
    match tokio::time::timeout(SEND_TIMEOUT, write).await {
        Ok(Ok(())) => Ok(()),
        Ok(Err(Closed)) | Err(_) => Err(End::Unwritable),
    }
}
