//! Consistent copies of the whole store while it serves (`ayo backup`), and bringing one back (`ayo restore`).
//!
//! Every write path that spans records (each sled transaction or batch in this crate) holds the store's write
//! gate for reading; a snapshot holds it for writing while it reads every tree, so it sees each money move
//! whole or not at all. Purchases wait for the length of the copy (milliseconds for thousands of records), they
//! are not refused.
//!
//! File format `AYO-BACKUP-1`: the magic line, then for each tree its name and records as length-prefixed byte
//! strings (u32 big-endian lengths; a record count u64 per tree), then the SHA-256 of everything before it. Seeds
//! stay sealed in the copy: the seal key is not in it (back up `<data-dir>/secrets/` separately, kept apart).

use std::io::{Read, Write};

use sha2::{Digest, Sha256};

use crate::error::{StoreError, StoreResult};

const MAGIC: &[u8] = b"AYO-BACKUP-1\n";

/// The lock every multi-record write holds shared, and a snapshot exclusively (see the module comment). One per
/// process, like sled's own concurrency control.
static GATE: parking_lot::RwLock<()> = parking_lot::const_rwlock(());

/// Held by a write path for its duration (recursively: a write path may call another).
pub(crate) fn writing() -> parking_lot::RwLockReadGuard<'static, ()> {
    GATE.read_recursive()
}

fn corrupt(detail: impl Into<String>) -> StoreError {
    StoreError::Corrupt { tree: "backup", detail: detail.into() }
}

/// What a snapshot wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    pub bytes: u64,
    pub records: u64,
    pub sha256: String,
}

struct Hashing<W: Write> {
    out: W,
    hasher: Sha256,
    bytes: u64,
}

impl<W: Write> Hashing<W> {
    fn put(&mut self, data: &[u8]) -> std::io::Result<()> {
        self.hasher.update(data);
        self.bytes += data.len() as u64;
        self.out.write_all(data)
    }

    fn put_bytes(&mut self, data: &[u8]) -> std::io::Result<()> {
        let len = u32::try_from(data.len()).map_err(|_| std::io::Error::other("a record over 4 GiB"))?;
        self.put(&len.to_be_bytes())?;
        self.put(data)
    }
}

/// Writes a consistent copy of every tree of `db` to `out`.
pub(crate) fn snapshot(db: &sled::Db, out: impl Write) -> StoreResult<Written> {
    let io = |e: std::io::Error| corrupt(format!("writing the backup: {e}"));
    let mut file = Hashing { out, hasher: Sha256::new(), bytes: 0 };
    file.put(MAGIC).map_err(io)?;
    let mut records = 0;
    {
        let _exclusive = GATE.write();
        // Ids come from sled's own counter, outside the trees: the copy carries it, so a restored store never hands
        // out an id already in use.
        file.put(&db.generate_id()?.to_be_bytes()).map_err(io)?;
        let mut names = db.tree_names();
        names.sort();
        for name in names {
            let tree = db.open_tree(&name)?;
            file.put_bytes(&name).map_err(io)?;
            file.put(&(tree.len() as u64).to_be_bytes()).map_err(io)?;
            let mut count = 0u64;
            for item in tree.iter() {
                let (key, value) = item?;
                file.put_bytes(&key).map_err(io)?;
                file.put_bytes(&value).map_err(io)?;
                count += 1;
            }
            if count != tree.len() as u64 {
                return Err(corrupt(format!("tree {} changed during the copy", String::from_utf8_lossy(&name))));
            }
            records += count;
        }
    }
    file.put_bytes(b"").map_err(io)?; // an empty name ends the trees
    let digest = file.hasher.clone().finalize();
    file.out.write_all(&digest).map_err(io)?;
    file.out.flush().map_err(io)?;
    Ok(Written { bytes: file.bytes + 32, records, sha256: hex::encode(digest) })
}

/// Reads a backup file whole, checks its SHA-256, and writes its trees into the empty `db`.
pub(crate) fn load(mut input: impl Read, db: &sled::Db) -> StoreResult<u64> {
    let mut data = Vec::new();
    input.read_to_end(&mut data).map_err(|e| corrupt(format!("reading the backup: {e}")))?;
    if data.len() < MAGIC.len() + 36 || !data.starts_with(MAGIC) {
        return Err(corrupt("not an Ayo Lotto backup (AYO-BACKUP-1)"));
    }
    let (body, digest) = data.split_at(data.len() - 32);
    if Sha256::digest(body)[..] != *digest {
        return Err(corrupt("the backup's checksum does not match: the file is damaged or was altered"));
    }
    let mut at = MAGIC.len();
    let mut take = |n: usize| -> StoreResult<&[u8]> {
        let slice = body.get(at..at + n).ok_or_else(|| corrupt("the backup ends early"))?;
        at += n;
        Ok(slice)
    };
    let next_id = u64::from_be_bytes(take(8)?.try_into().map_err(|_| corrupt("the id counter"))?);
    let mut records = 0;
    loop {
        let len = u32::from_be_bytes(take(4)?.try_into().map_err(|_| corrupt("a length"))?) as usize;
        if len == 0 {
            break;
        }
        let name = take(len)?.to_vec();
        let count = u64::from_be_bytes(take(8)?.try_into().map_err(|_| corrupt("a count"))?);
        let tree = db.open_tree(&name)?;
        let mut batch = sled::Batch::default();
        for _ in 0..count {
            let key_len = u32::from_be_bytes(take(4)?.try_into().map_err(|_| corrupt("a length"))?) as usize;
            let key = take(key_len)?.to_vec();
            let value_len = u32::from_be_bytes(take(4)?.try_into().map_err(|_| corrupt("a length"))?) as usize;
            let value = take(value_len)?.to_vec();
            batch.insert(key, value);
        }
        tree.apply_batch(batch)?;
        records += count;
    }
    while db.generate_id()? < next_id {}
    db.flush()?;
    Ok(records)
}
