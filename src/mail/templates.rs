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

/// Sent when the sign-up's phone number belongs to another account.
pub fn phone_taken(to: &str, name: &str) -> Mail {
    Mail {
        to: to.to_string(),
        subject: "We could not create your Ayo Lotto account".to_string(),
        body: format!(
            "Hello {name},\n\n\
             The phone number you entered is already registered\n\
             to another Ayo Lotto account, so we did not create a new one.\n\n\
             If it is your account, log in with that phone number, or use\n\
             Forgotten Password. Otherwise, sign up again with your own\n\
             phone number.\n\n\
             Ayo Lotto - play responsibly. 18+ only.\n"
        ),
        kind: "notice",
    }
}
