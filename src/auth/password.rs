//! Argon2id password hashes (PHC strings). Hashing is CPU work: callers run it on the blocking pool, and at most
//! one hash per core runs at a time (each takes ~19 MiB and a core for tens of milliseconds), so a flood of logins
//! or sign-ups queues instead of exhausting memory and starving the draws.

use std::sync::{Condvar, Mutex, OnceLock};

use argon2::password_hash::{rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;

pub fn hash(password: &str) -> anyhow::Result<String> {
    let _permit = Permit::acquire();
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| anyhow::anyhow!("hashing password: {e}"))
}

/// True when `password` matches the stored hash. A malformed hash never matches.
pub fn verify(password: &str, stored: &str) -> bool {
    let _permit = Permit::acquire();
    PasswordHash::new(stored)
        .map(|parsed| Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok())
        .unwrap_or(false)
}

/// A hash to check against when the account does not exist, so that a login for an unknown identity costs the same
/// time as one for a real account and timing tells nothing. Of a password drawn at random: nothing typed matches it.
pub fn decoy_hash() -> &'static str {
    static DECOY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DECOY.get_or_init(|| hash(SaltString::generate(&mut OsRng).as_str()).unwrap_or_default())
}

/// One of the `cores` slots for Argon2 work, given back on drop.
struct Permit(&'static Slots);

struct Slots {
    busy: Mutex<usize>,
    freed: Condvar,
    cores: usize,
}

impl Permit {
    fn acquire() -> Self {
        static SLOTS: OnceLock<Slots> = OnceLock::new();
        let slots = SLOTS.get_or_init(|| Slots {
            busy: Mutex::new(0),
            freed: Condvar::new(),
            cores: std::thread::available_parallelism().map_or(2, usize::from),
        });
        let mut busy = slots.busy.lock().unwrap_or_else(|p| p.into_inner());
        while *busy >= slots.cores {
            busy = slots.freed.wait(busy).unwrap_or_else(|p| p.into_inner());
        }
        *busy += 1;
        Permit(slots)
    }
}

impl Drop for Permit {
    fn drop(&mut self) {
        let mut busy = self.0.busy.lock().unwrap_or_else(|p| p.into_inner());
        *busy -= 1;
        self.0.freed.notify_one();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_is_argon2id_and_verifies_only_its_password() {
        let h = hash("correct horse").unwrap_or_default();
        assert!(h.starts_with("$argon2id$"));
        assert!(verify("correct horse", &h));
        assert!(!verify("wrong horse", &h));
        assert!(!verify("correct horse", "not a hash"));
    }

    #[test]
    fn no_more_hashes_run_at_once_than_there_are_cores() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static NOW: AtomicUsize = AtomicUsize::new(0);
        static MOST: AtomicUsize = AtomicUsize::new(0);
        let threads: Vec<_> = (0..12)
            .map(|_| {
                std::thread::spawn(|| {
                    let _permit = Permit::acquire();
                    let running = NOW.fetch_add(1, Ordering::SeqCst) + 1;
                    MOST.fetch_max(running, Ordering::SeqCst);
                    std::thread::sleep(std::time::Duration::from_millis(20));
                    NOW.fetch_sub(1, Ordering::SeqCst);
                })
            })
            .collect();
        threads.into_iter().for_each(|t| t.join().unwrap_or_default());
        let cores = std::thread::available_parallelism().map_or(2, usize::from);
        assert!(MOST.load(Ordering::SeqCst) <= cores, "{} at once on {cores} cores", MOST.load(Ordering::SeqCst));
        assert!(MOST.load(Ordering::SeqCst) >= 1);
    }
}
