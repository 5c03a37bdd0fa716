//! A stand-in for drand's HTTP relay on loopback, serving the recorded real quicknet rounds of
//! docs/vectors/drand-quicknet.json as drand does: `GET /public/{round}` answers `{round, randomness, signature}`, an
//! unrecorded round 404. Faithful by default; `forging` serves a recorded round's signature under whatever round is
//! asked for (a relay lying about a round), for the test that the server refuses it.

use std::net::TcpListener;

use actix_web::{web, App, HttpResponse, HttpServer};
use serde_json::{json, Value};

/// The recorded rounds, as committed.
pub fn recorded() -> Value {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/vectors/drand-quicknet.json"))
        .expect("the recorded drand rounds");
    serde_json::from_str(&text).expect("JSON")
}

/// Recorded round `round`: (signature, randomness).
pub fn round(round: u64) -> (String, String) {
    let rounds = recorded()["rounds"].as_array().cloned().unwrap_or_default();
    let found = rounds.iter().find(|r| r["round"] == round).expect("a recorded round");
    (found["signature"].as_str().unwrap().into(), found["randomness"].as_str().unwrap().into())
}

pub struct DrandStandIn {
    pub url: String,
}

impl DrandStandIn {
    pub async fn start(forging: bool) -> DrandStandIn {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let server = HttpServer::new(move || {
            App::new().app_data(web::Data::new(forging)).route("/public/{round}", web::get().to(public))
        })
        .workers(1)
        .listen(listener)
        .unwrap()
        .run();
        actix_web::rt::spawn(server);
        DrandStandIn { url }
    }
}

async fn public(forging: web::Data<bool>, asked: web::Path<u64>) -> HttpResponse {
    let asked = *asked;
    let rounds = recorded()["rounds"].as_array().cloned().unwrap_or_default();
    let served = match rounds.iter().find(|r| r["round"] == asked) {
        Some(found) => Some(found.clone()),
        // The forger answers any round with the first recorded one's signature, relabelled.
        None if **forging => rounds.first().cloned(),
        None => None,
    };
    match served {
        Some(r) => HttpResponse::Ok().json(json!({
            "round": asked,
            "randomness": r["randomness"],
            "signature": r["signature"],
        })),
        None => HttpResponse::NotFound().json(json!({"error": "round not found"})),
    }
}
