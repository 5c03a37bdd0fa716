//! Outgoing mail: SMTP when `AYO_SMTP_URL` is set, otherwise `.eml` files in `<data-dir>/outbox/`.
//! Both paths format the message with the same builder, so the outbox shows exactly what SMTP would send.

pub mod templates;

use std::path::PathBuf;

use anyhow::Context;
use lettre::message::{header::ContentType, Mailbox, Message};
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use rand::Rng;

/// One email to send.
#[derive(Debug, Clone)]
pub struct Mail {
    pub to: String,
    pub subject: String,
    pub body: String,
    /// A short word for logs and outbox file names (`verification`, `password_reset`, `notice`).
    pub kind: &'static str,
}

#[derive(Clone)]
pub enum Mailer {
    Outbox(PathBuf),
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
}

pub struct Postman {
    from: Mailbox,
    mailer: Mailer,
}

impl Postman {
    pub fn new(from: &str, smtp_url: Option<&str>, outbox: PathBuf) -> anyhow::Result<Self> {
        let from: Mailbox = from.parse().context("AYO_MAIL_FROM is not a mailbox")?;
        let mailer = match smtp_url {
            Some(url) => Mailer::Smtp(
                AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                    .context("AYO_SMTP_URL is not a valid SMTP URL")?
                    .build(),
            ),
            None => Mailer::Outbox(outbox),
        };
        Ok(Self { from, mailer })
    }

    /// Sends one mail. The log line names the recipient and kind, never the body (it holds codes).
    pub async fn send(&self, mail: Mail) -> anyhow::Result<()> {
        let message = Message::builder()
            .from(self.from.clone())
            .to(mail.to.parse().context("recipient is not a mailbox")?)
            .subject(mail.subject.clone())
            .header(ContentType::TEXT_PLAIN)
            .body(mail.body.clone())
            .context("building the message")?;
        match &self.mailer {
            Mailer::Outbox(dir) => {
                // Codes sit in these files: the owner's eyes only.
                crate::secrets::private_dir(dir).context("creating the outbox")?;
                let name = format!(
                    "{}-{}-{:08x}.eml",
                    chrono::Utc::now().timestamp_millis(),
                    mail.kind,
                    rand::thread_rng().gen::<u32>()
                );
                let path = dir.join(name);
                crate::secrets::write_private(&path, &message.formatted()).context("writing to the outbox")?;
                tracing::info!(to = %mail.to, kind = mail.kind, path = %path.display(), "mail written to the outbox (no SMTP configured)");
            }
            Mailer::Smtp(transport) => {
                transport.send(message).await.context("sending by SMTP")?;
                tracing::info!(to = %mail.to, kind = mail.kind, "mail sent by SMTP");
            }
        }
        Ok(())
    }
}
