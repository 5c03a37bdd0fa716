//! Accounts: players, admins and witnesses, found by id, email or phone. Email and phone each name one account.

use chrono::{DateTime, Utc};

use crate::account::{Email, PhoneNumber};
use crate::error::StoreResult;
use crate::user::{NewPlayer, Role, User, UserId, UserStatus};

/// What a sign-up did. The HTTP answer is the same for all of them, so nobody learns who has an account.
#[derive(Debug, Clone, PartialEq)]
pub enum SignUp {
    /// A new unverified player.
    Created(User),
    /// The email belonged to an account never verified: the latest sign-up's details replace it.
    Replaced(User),
    /// A verified account already has this email.
    EmailTaken(User),
    /// Another account (this one) already has this phone number.
    PhoneTaken(User),
}

/// Player head counts for the dashboard.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct PlayerCounts {
    pub total: u64,
    pub new_today: u64,
    pub verified: u64,
}

pub trait Users: Send + Sync {
    fn get(&self, id: UserId) -> StoreResult<Option<User>>;

    fn find_by_email(&self, email: &Email) -> StoreResult<Option<User>>;

    fn find_by_phone(&self, phone: &PhoneNumber) -> StoreResult<Option<User>>;

    /// Registers a player, or replaces an unverified registration of the same email (same id, every session
    /// signed out). Nodes signing up one email at once make one account.
    fn sign_up(&self, new: NewPlayer) -> StoreResult<SignUp>;

    /// Creates an admin (or a witness: `role`), or gives an existing account that role and this password. Neither
    /// needs an OTP. With `totp_secret` the second factor is enrolled with it at once (replacing any); without, an
    /// existing enrolment is kept and a new admin enrols at first login. Answers the account and whether it is new.
    fn upsert_staff(
        &self,
        email: &Email,
        name: &str,
        password_hash: &str,
        role: Role,
        totp_secret: Option<&str>,
    ) -> StoreResult<(User, bool)>;

    /// Sets a new password hash and signs every session out.
    fn set_password(&self, id: UserId, password_hash: &str) -> StoreResult<Option<User>>;

    /// Changes one account atomically: `change` edits the user and says whether to keep the edit (it may run more
    /// than once, so it must be pure). The user as stored afterwards, or None when there is no such account.
    /// (Callers write `users.update(id, |u| …)`, the wrapper on `dyn Users` below.)
    fn edit(&self, id: UserId, change: &dyn Fn(&mut User) -> bool) -> StoreResult<Option<(User, bool)>>;

    /// Suspends or reinstates an account. A suspended account's tokens stop working at once.
    fn set_status(&self, id: UserId, status: UserStatus) -> StoreResult<Option<User>>;

    /// Every account, newest first, read a few at a time.
    fn newest_first(&self) -> Box<dyn Iterator<Item = StoreResult<User>> + Send + '_>;

    /// Player head counts (players only, not staff): total, signed up since `today_began`, verified. The caller
    /// says when its day began, so the store takes no side on time zones.
    fn player_counts(&self, today_began: DateTime<Utc>) -> StoreResult<PlayerCounts>;
}

impl dyn Users + '_ {
    /// `Users::edit` with a closure of any type.
    pub fn update(&self, id: UserId, change: impl Fn(&mut User) -> bool) -> StoreResult<Option<(User, bool)>> {
        self.edit(id, &change)
    }
}
