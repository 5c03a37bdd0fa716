//! Accounts (`seam::Users`) in the embedded store: the `users` tree and its unique indexes (email, phone), always
//! written together in one transaction, with the players' tally (how many, how many verified) in the `meta` tree,
//! so the dashboard's counts are one read, not a scan of every account.

use chrono::{DateTime, Utc};
use sled::transaction::{ConflictableTransactionError as Conflict, TransactionalTree};
use sled::Transactional;

use super::codec::{abort, decode, encode, id_from, id_key};
use super::tally;
use crate::account::{Email, PhoneNumber};
use crate::error::{StoreError, StoreResult};
use crate::seam::Users;
use crate::seam::{PlayerCounts, SignUp, Staff};
use crate::user::{NewPlayer, Role, SecondFactor, User, UserId, UserStatus};

const USERS: &str = "users";
const BY_EMAIL: &str = "users_by_email";
const BY_PHONE: &str = "users_by_phone";
/// The `meta` tree's tally of players: [players, verified players]. Staff are not players.
const PLAYERS: u8 = b'p';

#[derive(Clone)]
pub struct UserStore {
    db: sled::Db,
    pub(super) users: sled::Tree,
    by_email: sled::Tree,
    by_phone: sled::Tree,
    meta: sled::Tree,
}

/// What one account adds to the players' tally: [player, verified player].
pub(super) fn counted(user: Option<&User>) -> [i64; 2] {
    match user {
        Some(user) if user.role == Role::User => [1, i64::from(user.is_verified())],
        _ => [0, 0],
    }
}

/// Writes `user`, which counted `was` before the write (`counted`; a new account counts `counted(None)`), and moves
/// the players' tally in `meta` by the change.
pub(super) fn put_user(
    users: &TransactionalTree,
    meta: &TransactionalTree,
    was: [i64; 2],
    user: &User,
) -> Result<(), Conflict<StoreError>> {
    users.insert(&id_key(user.id), encode(user).map_err(abort)?)?;
    let ([was_player, was_verified], [player, verified]) = (was, counted(Some(user)));
    if (was_player, was_verified) != (player, verified) {
        tally::add(meta, &tally::key(PLAYERS, &[]), [player - was_player, verified - was_verified])?;
    }
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
            meta: db.open_tree("meta")?,
        })
    }

    /// The `meta` tree, for transactions elsewhere that write an account (`put_user`).
    pub(super) fn meta(&self) -> &sled::Tree {
        &self.meta
    }

    /// Counts the players afresh (a store from before the tally was kept).
    pub(super) fn rebuild_tallies(&self) -> StoreResult<()> {
        let mut counts = [0i64; 2];
        for bytes in self.users.iter().values() {
            let [player, verified] = counted(Some(&decode(&bytes?)?));
            counts = [counts[0] + player, counts[1] + verified];
        }
        tally::put(&self.meta, &tally::key(PLAYERS, &[]), counts)
    }

    fn find_via(&self, index: &sled::Tree, key: &str) -> StoreResult<Option<User>> {
        match index.get(key.as_bytes())? {
            Some(id) => self.get(id_from(BY_EMAIL, &id)?),
            None => Ok(None),
        }
    }
}

impl Users for UserStore {
    fn get(&self, id: UserId) -> StoreResult<Option<User>> {
        self.users.get(id_key(id))?.map(|b| decode(&b)).transpose()
    }

    fn find_by_email(&self, email: &Email) -> StoreResult<Option<User>> {
        self.find_via(&self.by_email, email.as_str())
    }

    fn find_by_phone(&self, phone: &PhoneNumber) -> StoreResult<Option<User>> {
        self.find_via(&self.by_phone, phone.as_str())
    }

    fn sign_up(&self, new: NewPlayer) -> StoreResult<SignUp> {
        let fresh_id = self.db.generate_id()? + 1;
        let _gate = super::backup::writing();
        let trees = (&self.users, &self.by_email, &self.by_phone, &self.meta);
        let outcome = trees.transaction(|(users, by_email, by_phone, meta)| {
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
            put_user(users, meta, counted(existing.as_ref()), &user)?;
            Ok(match existing {
                Some(_) => SignUp::Replaced(user),
                None => SignUp::Created(user),
            })
        })?;
        Ok(outcome)
    }

    fn upsert_staff(&self, staff: &Staff) -> StoreResult<(User, bool)> {
        let fresh_id = self.db.generate_id()? + 1;
        let email = &staff.email;
        let _gate = super::backup::writing();
        let result = (&self.users, &self.by_email, &self.meta).transaction(|(users, by_email, meta)| {
            let existing = match by_email.get(email.as_str().as_bytes())? {
                Some(id) => read_user(users, id_from(BY_EMAIL, &id).map_err(abort)?)?,
                None => None,
            };
            let created = existing.is_none();
            let was = counted(existing.as_ref());
            let now = Utc::now();
            let user = match existing {
                Some(user) => staff.promote(user, now),
                None => staff.new_account(fresh_id, now),
            };
            by_email.insert(email.as_str().as_bytes(), &id_key(user.id))?;
            put_user(users, meta, was, &user)?;
            Ok((user, created))
        })?;
        Ok(result)
    }

    fn set_password(&self, id: UserId, password_hash: &str) -> StoreResult<Option<User>> {
        let _gate = super::backup::writing();
        let result = (&self.users, &self.meta).transaction(|(users, meta)| {
            let Some(mut user) = read_user(users, id)? else {
                return Ok(None);
            };
            let was = counted(Some(&user));
            user.password_hash = password_hash.to_string();
            user.token_version += 1;
            put_user(users, meta, was, &user)?;
            Ok(Some(user))
        })?;
        Ok(result)
    }

    fn edit(&self, id: UserId, change: &dyn Fn(&mut User) -> bool) -> StoreResult<Option<(User, bool)>> {
        let _gate = super::backup::writing();
        let result = (&self.users, &self.meta).transaction(|(users, meta)| {
            let Some(stored) = read_user(users, id)? else {
                return Ok(None);
            };
            let mut user = stored.clone();
            if !change(&mut user) {
                return Ok(Some((stored, false)));
            }
            put_user(users, meta, counted(Some(&stored)), &user)?;
            Ok(Some((user, true)))
        })?;
        Ok(result)
    }

    fn set_status(&self, id: UserId, status: UserStatus) -> StoreResult<Option<User>> {
        let _gate = super::backup::writing();
        let result = (&self.users, &self.meta).transaction(|(users, meta)| {
            let Some(mut user) = read_user(users, id)? else {
                return Ok(None);
            };
            let was = counted(Some(&user));
            user.status = status;
            put_user(users, meta, was, &user)?;
            Ok(Some(user))
        })?;
        Ok(result)
    }

    fn newest_first(&self) -> Box<dyn Iterator<Item = StoreResult<User>> + Send + '_> {
        Box::new(self.users.iter().values().rev().map(|v| decode(&v?)))
    }

    fn player_counts(&self, today_began: DateTime<Utc>) -> StoreResult<PlayerCounts> {
        let [total, verified] = tally::read(&self.meta, &tally::key(PLAYERS, &[]))?;
        // Ids grow with time: today's accounts are the newest, read until the first from before today.
        let mut new_today = 0;
        for bytes in self.users.iter().values().rev() {
            let user: User = decode(&bytes?)?;
            if user.created_at < today_began {
                break;
            }
            new_today += u64::from(user.role == Role::User);
        }
        Ok(PlayerCounts { total: tally::count(total), new_today, verified: tally::count(verified) })
    }
}
