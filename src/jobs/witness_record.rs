//! The witness tool's own record (docs/decisions/046): every commitment it signed and every reveal it sent, one JSON
//! line each, in a file next to its key. It is the witness's evidence against the public archive: a draw naming
//! this witness that it never signed, or a draw it revealed whose published secret is missing, is flagged.

use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;
use serde::{Deserialize, Serialize};

/// One thing the witness did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub draw_id: u64,
    /// `signed` (its commitment on the draw) or `revealed`.
    pub event: String,
    pub commitment: String,
    pub seed_commitment: String,
    #[serde(default)]
    pub tickets_root: Option<String>,
}

/// The record file and what it holds.
#[derive(Debug, Default)]
pub struct Record {
    path: Option<PathBuf>,
    signed: HashSet<u64>,
    revealed: HashSet<u64>,
}

impl Record {
    /// The record next to `key_file` (`<key_file>.record.jsonl`), read if it exists.
    pub fn beside(key_file: &Path) -> anyhow::Result<Self> {
        let mut name = key_file.as_os_str().to_owned();
        name.push(".record.jsonl");
        let path = PathBuf::from(name);
        let mut record = Record { path: Some(path.clone()), ..Record::default() };
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
        };
        for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            let entry: Entry =
                serde_json::from_str(line).with_context(|| format!("{} line {}", path.display(), n + 1))?;
            record.note(&entry);
        }
        Ok(record)
    }

    fn note(&mut self, entry: &Entry) {
        match entry.event.as_str() {
            "signed" => self.signed.insert(entry.draw_id),
            _ => self.revealed.insert(entry.draw_id),
        };
    }

    /// Appends `entry` (flushed to disk before the caller goes on: the record must outlive a crash).
    pub fn add(&mut self, entry: Entry) -> anyhow::Result<()> {
        if let Some(path) = &self.path {
            let mut file = std::fs::OpenOptions::new().create(true).append(true).open(path)?;
            writeln!(file, "{}", serde_json::to_string(&entry)?)?;
            file.sync_all()?;
        }
        self.note(&entry);
        Ok(())
    }

    /// Whether there is a record to check against (the demo's in-server witness keeps none).
    pub fn kept(&self) -> bool {
        self.path.is_some()
    }

    pub fn signed(&self, draw_id: u64) -> bool {
        self.signed.contains(&draw_id)
    }

    pub fn revealed(&self, draw_id: u64) -> bool {
        self.revealed.contains(&draw_id)
    }
}
