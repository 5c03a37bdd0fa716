//! Accounts: players, admins and witnesses, found by id, email or phone. Email and phone each name one account.

use chrono::{DateTime, Utc};

use crate::account::{Email, PhoneNumber};
use crate::error::StoreResult;
use crate::user::{NewPlayer, Role, SecondFactor, User, UserId, UserStatus};

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

/// An admin (or a witness: `role`) to create, or to make of the account that has this email, as
/// `Users::upsert_staff` takes it. With `totp_secret` the second factor is enrolled with it at once (replacing any);
/// without, an existing enrolment is kept and a new admin enrols at first login.
#[derive(Debug, Clone)]
pub struct Staff {
    pub email: Email,
    pub name: String,
    pub password_hash: String,
    pub role: Role,
    pub totp_secret: Option<String>,
}

impl Staff {
    /// The existing account of this email given the role and the password: every session signed out, the email
    /// counted as verified (staff need no OTP). The name stays the account's own.
    pub fn promote(&self, mut user: User, now: DateTime<Utc>) -> User {
        user.role = self.role;
        user.password_hash = self.password_hash.clone();
        user.token_version += 1;
        user.email_verified_at.get_or_insert(now);
        self.enrol(user, now)
    }

    /// A new staff account with `id`, its email verified.
    pub fn new_account(&self, id: UserId, now: DateTime<Utc>) -> User {
        let user = User {
            id,
            name: self.name.clone(),
            email: self.email.as_str().to_string(),
            phone: None,
            dob: None,
            role: self.role,
            password_hash: self.password_hash.clone(),
            email_verified_at: Some(now),
            status: UserStatus::Active,
            token_version: 0,
            created_at: now,
            second_factor: SecondFactor::default(),
            state: None,
            last_login_at: None,
            previous_login_at: None,
        };
        self.enrol(user, now)
    }

    fn enrol(&self, mut user: User, now: DateTime<Utc>) -> User {
        if let Some(secret) = &self.totp_secret {
            user.second_factor =
                SecondFactor { secret: Some(secret.clone()), enrolled_at: Some(now), ..SecondFactor::default() };
        }
        user
    }
}

pub trait Users: Send + Sync {
    fn get(&self, id: UserId) -> StoreResult<Option<User>>;

    fn find_by_email(&self, email: &Email) -> StoreResult<Option<User>>;

    fn find_by_phone(&self, phone: &PhoneNumber) -> StoreResult<Option<User>>;

    /// Registers a player, or replaces an unverified registration of the same email (same id, every session
    /// signed out). Nodes signing up one email at once make one account.
    fn sign_up(&self, new: NewPlayer) -> StoreResult<SignUp>;

    /// Creates an admin or a witness, or gives the account of that email the role and password
    /// (`Staff::promote`). Neither needs an OTP. Answers the account and whether it is new.
    fn upsert_staff(&self, staff: &Staff) -> StoreResult<(User, bool)>;

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
