//! Mail through a real SMTP server process on loopback (tests/support/smtp_sink.py).

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::helpers::{code_in, mails_in, spawn_app_with};

struct SmtpSink {
    child: Child,
    port: u16,
    dir: tempfile::TempDir,
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start_sink() -> SmtpSink {
    let dir = tempfile::tempdir().unwrap();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/support/smtp_sink.py");
    let mut child = Command::new("python3")
        .arg(script)
        .arg(dir.path())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs the SMTP server");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let port = line.trim().strip_prefix("PORT ").and_then(|p| p.parse().ok()).expect("SMTP port");
    SmtpSink { child, port, dir }
}

#[actix_web::test]
async fn with_smtp_configured_the_code_travels_by_smtp_and_not_to_the_outbox() {
    let sink = start_sink();
    let url = format!("smtp://127.0.0.1:{}", sink.port);
    let app = spawn_app_with(Default::default(), |s| s.smtp_url = Some(url)).await;
    let reply = app.sign_up("Ada", "ada@example.com", "+2348012345678").await;
    assert_eq!(reply.status, 201);

    // The SMTP server writes the file when the conversation ends; the sign-up answered once it was sent.
    let deadline = Instant::now() + Duration::from_secs(10);
    let mails = loop {
        let mails = mails_in(sink.dir.path(), "ada@example.com");
        if !mails.is_empty() || Instant::now() > deadline {
            break mails;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(mails.len(), 1, "one mail reached the SMTP server");
    assert!(mails[0].contains("X-Envelope-To: ada@example.com"));
    let code = code_in(&mails[0]).expect("the code is in the mail");
    assert!(app.mails_to("ada@example.com").is_empty(), "nothing in the outbox");

    let verified = app.post("/otps/verify", serde_json::json!({"otp": code, "type": "verification"}), None).await;
    assert_eq!(verified.status, 200);
}
