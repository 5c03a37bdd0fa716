//! CSV cells as every export writes them: naira with two decimals, text quoted per RFC 4180 and defused.

/// `1234.56` from 123456 kobo; `-500.00` from -50000.
pub fn naira(kobo: i64) -> String {
    let sign = if kobo < 0 { "-" } else { "" };
    let abs = kobo.unsigned_abs();
    format!("{sign}{}.{:02}", abs / 100, abs % 100)
}

/// One CSV field (RFC 4180 quoting). Text that a spreadsheet would run as a formula gets a leading `'`.
pub fn field(text: &str) -> String {
    let text = if text.starts_with(['=', '+', '-', '@', '\t', '\r']) { format!("'{text}") } else { text.to_string() };
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

/// One CSV line of cells already made safe, ended with CRLF.
pub fn line(out: &mut String, cells: &[String]) {
    out.push_str(&cells.join(","));
    out.push_str("\r\n");
}

/// JSON rows as CSV (`format=csv` of a report that answers JSON): a header row of `columns`, then each row's values
/// in that order; the columns named in `kobo` are written in naira, text is quoted and defused, null is empty.
pub fn rows(columns: &[&str], kobo: &[&str], rows: &[serde_json::Value]) -> String {
    let mut out = String::new();
    line(&mut out, &columns.iter().map(|c| c.to_string()).collect::<Vec<_>>());
    for row in rows {
        let cells: Vec<String> = columns
            .iter()
            .map(|&column| match &row[column] {
                serde_json::Value::Null => String::new(),
                serde_json::Value::String(text) => field(text),
                value if kobo.contains(&column) => value.as_i64().map(naira).unwrap_or_default(),
                value => value.to_string(),
            })
            .collect();
        line(&mut out, &cells);
    }
    out
}
