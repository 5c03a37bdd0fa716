//! Users and their unique indexes (email, phone), always written together in one transaction.

use chrono::{DateTime, Utc};
use sled::transaction::{ConflictableTransactionError as Conflict, TransactionalTree};
use sled::Transactional;

use super::codec::{decode, encode, id_from, id_key};
use crate::account::{Email, PhoneNumber};
use crate::error::{StoreError, StoreResult};
use crate::user::{NewPlayer, Role, SecondFactor, User, UserId, UserStatus};

const USERS: &str = "users";
const BY_EMAIL: &str = "users_by_email";
const BY_PHONE: &str = "users_by_phone";

#[derive(Clone)]
pub struct UserStore {
    db: sled::Db,
    pub(super) users: sled::Tree,
    by_email: sled::Tree,
    by_phone: sled::Tree,
}

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

pub(super) fn abort(e: impl Into<StoreError>) -> Conflict<StoreError> {
    Conflict::Abort(e.into())
}

pub(super) fn put_user(users: &TransactionalTree, user: &User) -> Result<(), Conflict<StoreError>> {
    users.insert(&id_key(user.id), encode(user).map_err(abort)?)?;
    Ok(())
}

pub(super) fn read_user(users: &TransactionalTree, id: UserId) -> Result<Option<User>, Conflict<StoreError>> {
    match users.get(id_key(id))? {
        Some(bytes) => Ok(Some(decode(&bytes).map_err(abort)?)),
        None => Ok(None),
    }
}

impl UserStore {
    pub(super) fn open(db: &sled::Db) -> StoreResult<Self> {
        Ok(Self {
            db: db.clone(),
            users: db.open_tree(USERS)?,
            by_email: db.open_tree(BY_EMAIL)?,
            by_phone: db.open_tree(BY_PHONE)?,
        })
    }

    pub fn get(&self, id: UserId) -> StoreResult<Option<User>> {
        self.users.get(id_key(id))?.map(|b| decode(&b)).transpose()
    }

    pub fn find_by_email(&self, email: &Email) -> StoreResult<Option<User>> {
        self.find_via(&self.by_email, email.as_str())
    }

    pub fn find_by_phone(&self, phone: &PhoneNumber) -> StoreResult<Option<User>> {
        self.find_via(&self.by_phone, phone.as_str())
    }

    fn find_via(&self, index: &sled::Tree, key: &str) -> StoreResult<Option<User>> {
        match index.get(key.as_bytes())? {
            Some(id) => self.get(id_from(BY_EMAIL, &id)?),
            None => Ok(None),
        }
    }

    /// Registers a player, or replaces an unverified registration of the same email.
    pub fn sign_up(&self, new: NewPlayer) -> StoreResult<SignUp> {
        let fresh_id = self.db.generate_id()? + 1;
        let _gate = super::backup::writing();
        let outcome = (&self.users, &self.by_email, &self.by_phone).transaction(|(users, by_email, by_phone)| {
            let email = new.email.as_str().as_bytes();
            let phone = new.phone.as_str().as_bytes();
            let existing = match by_email.get(email)? {
                Some(id) => read_user(users, id_from(BY_EMAIL, &id).map_err(abort)?)?,
                None => None,
            };
            if let Some(user) = &existing {
                if user.is_verified() {
                    return Ok(SignUp::EmailTaken(user.clone()));
                }
            }
            let own_id = existing.as_ref().map(|u| u.id);
            if let Some(holder) = by_phone.get(phone)? {
                let holder = id_from(BY_PHONE, &holder).map_err(abort)?;
                if Some(holder) != own_id {
                    if let Some(owner) = read_user(users, holder)? {
                        return Ok(SignUp::PhoneTaken(owner));
                    }
                }
            }
            let user = User {
                id: own_id.unwrap_or(fresh_id),
                name: new.name.as_str().to_string(),
                email: new.email.as_str().to_string(),
                phone: Some(new.phone.as_str().to_string()),
                dob: Some(new.dob.date()),
                role: Role::User,
                password_hash: new.password_hash.clone(),
                email_verified_at: None,
                status: UserStatus::Active,
                token_version: existing.as_ref().map_or(0, |u| u.token_version + 1),
                created_at: existing.as_ref().map_or_else(Utc::now, |u| u.created_at),
                second_factor: SecondFactor::default(),
                state: new.state.map(str::to_string),
                last_login_at: None,
                previous_login_at: None,
            };
            if let Some(old_phone) = existing.as_ref().and_then(|u| u.phone.as_deref()) {
                by_phone.remove(old_phone.as_bytes())?;
            }
            by_email.insert(email, &id_key(user.id))?;
            by_phone.insert(phone, &id_key(user.id))?;
            put_user(users, &user)?;
            Ok(match existing {
                Some(_) => SignUp::Replaced(user),
                None => SignUp::Created(user),
            })
        })?;
        Ok(outcome)
    }

    /// Creates an admin (or a witness: `role`), or gives an existing account that role and this password. Neither
    /// needs an OTP. With `totp_secret` the second factor is enrolled with it at once (replacing any); without, an
    /// existing enrolment is kept and a new admin enrols at first login.
    pub fn upsert_staff(
        &self,
        email: &Email,
        name: &str,
        password_hash: &str,
        role: Role,
        totp_secret: Option<&str>,
    ) -> StoreResult<(User, bool)> {
        let fresh_id = self.db.generate_id()? + 1;
        let _gate = super::backup::writing();
        let result = (&self.users, &self.by_email).transaction(|(users, by_email)| {
            let existing = match by_email.get(email.as_str().as_bytes())? {
                Some(id) => read_user(users, id_from(BY_EMAIL, &id).map_err(abort)?)?,
                None => None,
            };
            let created = existing.is_none();
            let mut user = match existing {
                Some(mut user) => {
                    user.role = role;
                    user.password_hash = password_hash.to_string();
                    user.token_version += 1;
                    user.email_verified_at.get_or_insert_with(Utc::now);
                    user
                }
                None => User {
                    id: fresh_id,
                    name: name.to_string(),
                    email: email.as_str().to_string(),
                    phone: None,
                    dob: None,
                    role,
                    password_hash: password_hash.to_string(),
                    email_verified_at: Some(Utc::now()),
                    status: UserStatus::Active,
                    token_version: 0,
                    created_at: Utc::now(),
                    second_factor: SecondFactor::default(),
                    state: None,
                    last_login_at: None,
                    previous_login_at: None,
                },
            };
            if let Some(secret) = totp_secret {
                user.second_factor = SecondFactor {
                    secret: Some(secret.to_string()),
                    enrolled_at: Some(Utc::now()),
                    ..SecondFactor::default()
                };
            }
            by_email.insert(email.as_str().as_bytes(), &id_key(user.id))?;
            put_user(users, &user)?;
            Ok((user, created))
        })?;
        Ok(result)
    }

    /// Sets a new password hash and signs every session out.
    pub fn set_password(&self, id: UserId, password_hash: &str) -> StoreResult<Option<User>> {
        let _gate = super::backup::writing();
        let result = self.users.transaction(|users| {
            let Some(mut user) = read_user(users, id)? else {
                return Ok(None);
            };
            user.password_hash = password_hash.to_string();
            user.token_version += 1;
            put_user(users, &user)?;
            Ok(Some(user))
        })?;
        Ok(result)
    }

    /// Changes one account in a transaction: `change` edits the user and says whether to keep the edit (it may run
    /// more than once, so it must be pure). The user as stored afterwards, or None when there is no such account.
    pub fn update(&self, id: UserId, change: impl Fn(&mut User) -> bool) -> StoreResult<Option<(User, bool)>> {
        let _gate = super::backup::writing();
        let result = self.users.transaction(|users| {
            let Some(stored) = read_user(users, id)? else {
                return Ok(None);
            };
            let mut user = stored.clone();
            if !change(&mut user) {
                return Ok(Some((stored, false)));
            }
            put_user(users, &user)?;
            Ok(Some((user, true)))
        })?;
        Ok(result)
    }

    /// Suspends or reinstates an account. A suspended account's tokens stop working at once.
    pub fn set_status(&self, id: UserId, status: UserStatus) -> StoreResult<Option<User>> {
        let _gate = super::backup::writing();
        let result = self.users.transaction(|users| {
            let Some(mut user) = read_user(users, id)? else {
                return Ok(None);
            };
            user.status = status;
            put_user(users, &user)?;
            Ok(Some(user))
        })?;
        Ok(result)
    }

    /// Every account, newest first, read one at a time.
    pub fn newest_first(&self) -> impl Iterator<Item = StoreResult<User>> {
        self.users.iter().values().rev().map(|v| decode(&v?))
    }

    /// Player head counts for the dashboard: (total, signed up since `today_began`, verified). The caller says
    /// when its day began, so the store takes no side on time zones.
    pub fn player_counts(&self, today_began: DateTime<Utc>) -> StoreResult<PlayerCounts> {
        let mut counts = PlayerCounts::default();
        for entry in self.users.iter() {
            let (_, bytes) = entry?;
            let user: User = decode(&bytes)?;
            if user.role != Role::User {
                continue;
            }
            counts.total += 1;
            counts.verified += u64::from(user.is_verified());
            counts.new_today += u64::from(user.created_at >= today_began);
        }
        Ok(counts)
    }
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct PlayerCounts {
    pub total: u64,
    pub new_today: u64,
    pub verified: u64,
}
