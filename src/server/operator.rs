//! The operator's identity from `AYO_OPERATOR_*` (docs/decisions/049): each variable set replaces that field in the
//! store when the server starts; a field left unset keeps what the back office saved. `--demo` on a store with no
//! identity fills clearly fictional values.

use ayo_data::operator::{Operator, OperatorLicence};
use ayo_data::Store;

/// The `AYO_OPERATOR_*` variables, each `None` when unset.
#[derive(Debug, Clone, Default)]
pub struct OperatorEnv {
    pub company: Option<String>,
    pub rc_number: Option<String>,
    /// `STATE:REGULATOR:NUMBER;…` (`OperatorLicence::parse_list`).
    pub licences: Option<String>,
    pub address: Option<String>,
    pub support_phone: Option<String>,
    pub whatsapp: Option<String>,
    pub support_hours: Option<String>,
    pub reply_time: Option<String>,
}

impl OperatorEnv {
    pub fn from_env() -> Self {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        Self {
            company: var("AYO_OPERATOR_COMPANY"),
            rc_number: var("AYO_OPERATOR_RC_NUMBER"),
            licences: var("AYO_OPERATOR_LICENCES"),
            address: var("AYO_OPERATOR_ADDRESS"),
            support_phone: var("AYO_OPERATOR_PHONE"),
            whatsapp: var("AYO_OPERATOR_WHATSAPP"),
            support_hours: var("AYO_OPERATOR_HOURS"),
            reply_time: var("AYO_OPERATOR_REPLY_TIME"),
        }
    }

    fn is_empty(&self) -> bool {
        [
            &self.company,
            &self.rc_number,
            &self.licences,
            &self.address,
            &self.support_phone,
            &self.whatsapp,
            &self.support_hours,
            &self.reply_time,
        ]
        .iter()
        .all(|v| v.is_none())
    }

    /// `stored` with every variable that is set written over its field; a bad value names its variable.
    fn over(&self, mut stored: Operator) -> anyhow::Result<Operator> {
        for (value, field) in [
            (&self.company, &mut stored.company),
            (&self.rc_number, &mut stored.rc_number),
            (&self.address, &mut stored.address),
            (&self.support_phone, &mut stored.support_phone),
            (&self.whatsapp, &mut stored.whatsapp),
            (&self.support_hours, &mut stored.support_hours),
            (&self.reply_time, &mut stored.reply_time),
        ] {
            if let Some(value) = value {
                field.clone_from(value);
            }
        }
        if let Some(list) = &self.licences {
            stored.licences = OperatorLicence::parse_list(list).map_err(|bad| {
                anyhow::anyhow!("AYO_OPERATOR_LICENCES: {bad:?} is not STATE:REGULATOR:NUMBER (LA:Lagos State Lotteries and Gaming Authority:LSLGA/0001)")
            })?;
        }
        stored.normalised().map_err(|bad| {
            let named: Vec<String> = bad.iter().map(|b| format!("{}: {}", variable(b.field), b.message)).collect();
            anyhow::anyhow!("{}", named.join("; "))
        })
    }
}

/// The variable that sets a field of `Operator`.
fn variable(field: &str) -> &'static str {
    match field {
        "company" => "AYO_OPERATOR_COMPANY",
        "rc_number" => "AYO_OPERATOR_RC_NUMBER",
        "licences" => "AYO_OPERATOR_LICENCES",
        "address" => "AYO_OPERATOR_ADDRESS",
        "support_phone" => "AYO_OPERATOR_PHONE",
        "whatsapp" => "AYO_OPERATOR_WHATSAPP",
        "support_hours" => "AYO_OPERATOR_HOURS",
        _ => "AYO_OPERATOR_REPLY_TIME",
    }
}

/// Writes the identity the environment (or the demo) gives to the store, before the server answers anyone.
pub fn establish(store: &Store, env: &OperatorEnv, demo: bool) -> anyhow::Result<()> {
    let stored = store.meta.operator()?;
    let base = if demo && stored == Operator::default() { Operator::demo() } else { stored.clone() };
    if env.is_empty() && base == stored {
        return Ok(());
    }
    let operator = env.over(base)?;
    if operator != stored {
        store.meta.set_operator(&operator)?;
    }
    Ok(())
}
