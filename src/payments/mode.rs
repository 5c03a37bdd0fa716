//! Which gateway a server may run, decided at start and never silently: the sandbox (any player can mint money,
//! payouts go nowhere) only when asked for, and never on a store that holds real money.

use ayo_data::Store;

use crate::identity::IdentitySettings;
use crate::payments::PaymentSettings;

/// `ayo serve` without a Paystack key starts only when the sandbox was asked for.
pub fn require_explicit(
    payments: &PaymentSettings,
    identity: &IdentitySettings,
    sandbox_requested: bool,
) -> anyhow::Result<()> {
    let has_key = payments.paystack_secret_key.is_some();
    anyhow::ensure!(
        has_key || sandbox_requested,
        "AYO_PAYSTACK_SECRET_KEY is not set. Refusing to start: without it the built-in SANDBOX gateway would run, \
         where any player can mint money and payouts are marked paid with nothing sent. Set the key to take real \
         payments, or ask for the sandbox explicitly with --demo or AYO_PAYMENTS=sandbox."
    );
    // Real money with the sandbox identity provider (which verifies any NIN as the player's own) only when asked for.
    anyhow::ensure!(
        !has_key || !identity.is_sandbox() || identity.provider.is_some(),
        "AYO_PAYSTACK_SECRET_KEY is set but AYO_KYC_PROVIDER is not. Refusing to start: the built-in SANDBOX identity \
         provider would verify any NIN as the player's own. Set AYO_KYC_PROVIDER=dojah (with AYO_DOJAH_APP_ID and \
         AYO_DOJAH_SECRET_KEY) to check NINs for real, or AYO_KYC_PROVIDER=sandbox to keep the sandbox."
    );
    Ok(())
}

/// Records the gateway the store's money goes through at its first start, and refuses a start that would mix
/// sandbox and real money: sandbox on a store that has run live, ever; live on a store that has run the sandbox,
/// unless the operator acknowledges it (`--accept-sandbox-history`).
pub fn check_and_record(store: &Store, gateway: &str, accept_sandbox_history: bool) -> anyhow::Result<()> {
    match (store.meta.payments_mode()?.as_deref(), gateway) {
        (Some(recorded), now) if recorded == now => return Ok(()),
        (Some("paystack"), "sandbox") => anyhow::bail!(
            "This data directory has run live with Paystack: refusing to start the SANDBOX gateway on real money. \
             Set AYO_PAYSTACK_SECRET_KEY."
        ),
        (Some("sandbox"), "paystack") if !accept_sandbox_history => anyhow::bail!(
            "This data directory holds SANDBOX money (test deposits and payouts). Refusing to go live on it: start \
             live on a fresh data directory, or pass --accept-sandbox-history (AYO_ACCEPT_SANDBOX_HISTORY=1) if you \
             mean to keep it."
        ),
        _ => {}
    }
    store.meta.set_payments_mode(gateway)?;
    store.flush_blocking()?;
    Ok(())
}
