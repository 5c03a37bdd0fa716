//! A session ends on the server, and its sockets with it: log out, suspension, password change.

use std::time::Duration;

use futures_util::StreamExt;
use serde_json::json;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::Message;

use ayo_actors::events::Topic;

use crate::helpers::{spawn_app, PASSWORD};
use crate::ws::{signed_in, Socket};

/// Long enough for any healthy machine; the server ends a socket as soon as the Hub handles the message.
const WAIT: Duration = Duration::from_secs(5);

/// Reads until the server closes the socket: its close code.
async fn closed_with(socket: &mut Socket) -> CloseCode {
    loop {
        let frame = tokio::time::timeout(WAIT, socket.next()).await.expect("the server closes the socket in time");
        match frame {
            Some(Ok(Message::Close(Some(frame)))) => return frame.code,
            Some(Ok(Message::Close(None))) | None => panic!("closed without a code"),
            Some(Ok(_)) => continue,
            Some(Err(e)) => panic!("socket error {e}"),
        }
    }
}

#[actix_web::test]
async fn logging_out_revokes_the_token_on_the_server_and_ends_its_sockets() {
    let app = spawn_app().await;
    let token = app.verified_player("ada@example.com", "+2348012345678").await;
    let mut socket = signed_in(&app, &token).await;
    let out = app.post("/auth/logout", json!({}), Some(&token)).await;
    assert_eq!(out.status, 200, "{:?}", out.body);
    assert_eq!(app.get("/auth/profiles", Some(&token)).await.status, 401, "the token no longer works");
    assert_eq!(closed_with(&mut socket).await, CloseCode::Policy);
    assert_eq!(app.post("/auth/logout", json!({}), Some(&token)).await.status, 401);
    // A new login works as before.
    let again = app.login("ada@example.com", PASSWORD).await;
    assert_eq!(app.get("/auth/profiles", Some(&again)).await.status, 200);
}

#[actix_web::test]
async fn a_suspended_players_socket_is_closed_within_seconds() {
    let app = spawn_app().await;
    let token = app.verified_player("ada@example.com", "+2348012345678").await;
    let other = app.verified_player("bola@example.com", "+2348022222222").await;
    let id = app.get("/auth/profiles", Some(&token)).await.body["data"]["id"].as_u64().unwrap();
    let admin = app.admin("boss@ayolotto.ng").await;
    let mut socket = signed_in(&app, &token).await;
    let bystander = signed_in(&app, &other).await;
    assert_eq!(app.post(&format!("/admin/users/{id}/suspend"), json!({}), Some(&admin)).await.status, 200);
    assert_eq!(closed_with(&mut socket).await, CloseCode::Policy);
    // Another player's socket carries on, still subscribed to their own topic.
    let other_id = app.get("/auth/profiles", Some(&other)).await.body["data"]["id"].as_u64().unwrap();
    let stats = app.hub.send(ayo_actors::hub::Stats).await.unwrap();
    assert_eq!(stats.subscribers.get(&Topic::User(other_id)), Some(&1));
    assert_eq!(stats.subscribers.get(&Topic::User(id)), None);
    drop(bystander);
}

#[actix_web::test]
async fn changing_the_password_ends_the_accounts_other_sockets() {
    let app = spawn_app().await;
    let token = app.verified_player("ada@example.com", "+2348012345678").await;
    let mut socket = signed_in(&app, &token).await;
    let changed = app
        .post(
            "/auth/change-password",
            json!({"current_password": PASSWORD, "password": "n3w-secret-pass"}),
            Some(&token),
        )
        .await;
    assert_eq!(changed.status, 200, "{:?}", changed.body);
    assert_eq!(closed_with(&mut socket).await, CloseCode::Policy);
}

#[actix_web::test]
async fn a_socket_signed_in_with_a_token_ends_when_the_token_expires() {
    let app = crate::helpers::spawn_app_with(Default::default(), |s| s.token_ttl_secs = 2).await;
    let token = app.verified_player("ada@example.com", "+2348012345678").await;
    let mut socket = signed_in(&app, &token).await;
    assert_eq!(closed_with(&mut socket).await, CloseCode::Policy);
    assert_eq!(app.get("/auth/profiles", Some(&token)).await.status, 401);
}
