//! The words of each email. Plain ASCII in lines under 76 characters, so the mail goes as 7-bit text that every
//! client shows the same (and that tests and people can read in the raw `.eml`).

use super::Mail;

pub fn verification_code(to: &str, name: &str, code: &str) -> Mail {
    Mail {
        to: to.to_string(),
        subject: "Your Ayo Lotto verification code".to_string(),
        body: format!(
            "Hello {name},\n\nWelcome to Ayo Lotto.\n\nYour code is {code}.\n\n\
             Enter it in the sign-up window to verify your email.\n\
             It expires in 10 minutes.\n\n\
             If you did not sign up, you can ignore this email.\n\n\
             Ayo Lotto - play responsibly. 18+ only.\n"
        ),
        kind: "verification",
    }
}

pub fn password_reset_code(to: &str, name: &str, code: &str) -> Mail {
    Mail {
        to: to.to_string(),
        subject: "Reset your Ayo Lotto password".to_string(),
        body: format!(
            "Hello {name},\n\nSomeone asked to reset your Ayo Lotto password.\n\n\
             Your code is {code}.\n\n\
             Enter it on the Change password page. It expires in 10 minutes.\n\
             If this was not you, ignore this email: your password stays.\n\n\
             Ayo Lotto - play responsibly. 18+ only.\n"
        ),
        kind: "password_reset",
    }
}

/// Sent instead of a code when someone signs up with an email that already has a verified account.
pub fn already_registered(to: &str, name: &str) -> Mail {
    Mail {
        to: to.to_string(),
        subject: "You already have an Ayo Lotto account".to_string(),
        body: format!(
            "Hello {name},\n\n\
             Someone (hopefully you) tried to create an Ayo Lotto account\n\
             with this email, but you already have one.\n\n\
             Log in instead, or use Forgotten Password on the login window\n\
             to set a new password. If this was not you, ignore this email:\n\
             nothing has changed.\n\n\
             Ayo Lotto - play responsibly. 18+ only.\n"
        ),
        kind: "notice",
    }
}

/// To the owner of a phone number someone else just tried to sign up with (never to the one who tried: that would
/// tell anyone which numbers play).
pub fn phone_taken(to: &str, name: &str) -> Mail {
    Mail {
        to: to.to_string(),
        subject: "Someone tried to sign up with your phone number".to_string(),
        body: format!(
            "Hello {name},\n\n\
             Someone just tried to create a new Ayo Lotto account with the\n\
             phone number on your account. We did not create it: a phone\n\
             number belongs to one account only.\n\n\
             If it was you, log in with your phone number or email, or use\n\
             Forgotten Password. If it was not you, you need do nothing;\n\
             your account is unchanged.\n\n\
             Ayo Lotto - play responsibly. 18+ only.\n"
        ),
        kind: "notice",
    }
}

/// To a player whose payout bank account was just set or changed: if it was not them, they can act before any
/// withdrawal leaves (a changed account holds withdrawals for 24 hours).
pub fn bank_account_changed(to: &str, name: &str, account: &str, held_until: Option<&str>) -> Mail {
    let hold = match held_until {
        Some(until) => format!("For your security, withdrawals are paused until {until}.\n\n"),
        None => String::new(),
    };
    Mail {
        to: to.to_string(),
        subject: "Your Ayo Lotto payout bank account was changed".to_string(),
        body: format!(
            "Hello {name},\n\n\
             Winnings you withdraw will now be paid to:\n\
             {account}\n\n\
             {hold}\
             If you did not make this change, change your password at once\n\
             and contact us: someone may have access to your account.\n\n\
             Ayo Lotto - play responsibly. 18+ only.\n"
        ),
        kind: "notice",
    }
}

/// To a player whose payment reached the gateway but was not credited because their deposit limits no longer
/// allowed it (docs/decisions/007): the money is theirs and is held for a refund. `reason` is the deposit's
/// `held_reason`, a sentence the player can read.
pub fn deposit_held(to: &str, name: &str, reference: &str, reason: &str) -> Mail {
    Mail {
        to: to.to_string(),
        subject: "Your Ayo Lotto payment is held for a refund".to_string(),
        body: format!(
            "Hello {name},\n\n\
             {reason}\n\n\
             Payment reference: {reference}\n\n\
             You do not need to do anything: we will refund it to you. If\n\
             you have a question, reply to this mail or contact us.\n\n\
             Ayo Lotto - play responsibly. 18+ only.\n"
        ),
        kind: "notice",
    }
}
