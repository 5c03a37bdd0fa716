//! Lists `migrations/NNNN_name.sql` for `pg::schema` (issue 14): every file there is a migration, applied in the
//! order of its number, so adding one is adding a file.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut found = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("reading {}: {e}", dir.display())) {
        let path = entry.unwrap_or_else(|e| panic!("reading {}: {e}", dir.display())).path();
        let Some(file) = path.file_name().and_then(|f| f.to_str()).and_then(|f| f.strip_suffix(".sql")) else {
            continue;
        };
        let (number, name) = file.split_once('_').unwrap_or_else(|| panic!("{file}.sql: name it NNNN_what.sql"));
        let version: i32 = number.parse().unwrap_or_else(|_| panic!("{file}.sql: name it NNNN_what.sql"));
        found.push((version, name.replace('_', " "), path.display().to_string()));
    }
    found.sort();
    if let Some(pair) = found.windows(2).find(|pair| pair[0].0 == pair[1].0) {
        panic!("two migrations numbered {}: {} and {}", pair[0].0, pair[0].2, pair[1].2);
    }
    let mut list = String::from("&[\n");
    for (version, name, path) in &found {
        let _ = writeln!(list, "    ({version}, {name:?}, include_str!({path:?})),");
    }
    list.push(']');
    let out = Path::new(&std::env::var("OUT_DIR").unwrap_or_else(|e| panic!("OUT_DIR: {e}"))).join("migrations.rs");
    std::fs::write(&out, list).unwrap_or_else(|e| panic!("writing {}: {e}", out.display()));
}
