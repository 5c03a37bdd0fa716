//! SPEC §7 table queries: `page`, `per_page` (default 20, at most 100), `search`, `sort_by`, `sort_type`
//! (asc|desc, default `created_at` desc). Lists are small per owner, so they are filtered and sorted in memory.

use serde::Deserialize;
use serde_json::{json, Value};

pub const DEFAULT_PER_PAGE: usize = 20;
pub const MAX_PER_PAGE: usize = 100;

#[derive(Debug, Deserialize, Default)]
#[serde(default)]
pub struct TableQuery {
    pub page: Option<usize>,
    pub per_page: Option<usize>,
    #[serde(alias = "rowsPerPage")]
    pub rows_per_page: Option<usize>,
    pub search: Option<String>,
    #[serde(alias = "sortBy")]
    pub sort_by: Option<String>,
    #[serde(alias = "sortType")]
    pub sort_type: Option<String>,
}

impl TableQuery {
    pub fn page(&self) -> usize {
        self.page.unwrap_or(1).max(1)
    }
    pub fn per_page(&self) -> usize {
        self.per_page.or(self.rows_per_page).unwrap_or(DEFAULT_PER_PAGE).clamp(1, MAX_PER_PAGE)
    }
    pub fn search(&self) -> Option<String> {
        self.search.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_lowercase)
    }
    pub fn descending(&self) -> bool {
        !matches!(self.sort_type.as_deref(), Some("asc"))
    }
    pub fn sort_by(&self) -> &str {
        self.sort_by.as_deref().unwrap_or("created_at")
    }

    /// Filters rows (JSON objects) by the search text over `fields`, sorts by `sort_by` and cuts the page:
    /// `{data, meta: {total, page, per_page}}`.
    pub fn answer(&self, mut rows: Vec<Value>, fields: &[&str]) -> Value {
        if let Some(needle) = self.search() {
            rows.retain(|row| fields.iter().any(|f| text_of(&row[*f]).to_lowercase().contains(&needle)));
        }
        let key = self.sort_by().to_string();
        rows.sort_by(|a, b| compare(&a[&key], &b[&key]));
        if self.descending() {
            rows.reverse();
        }
        let total = rows.len();
        let (page, per_page) = (self.page(), self.per_page());
        let data: Vec<Value> = rows.into_iter().skip((page - 1).saturating_mul(per_page)).take(per_page).collect();
        json!({ "data": data, "meta": { "total": total, "page": page, "per_page": per_page } })
    }
}

fn text_of(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

fn compare(a: &Value, b: &Value) -> std::cmp::Ordering {
    match (a.as_f64(), b.as_f64()) {
        (Some(x), Some(y)) => x.total_cmp(&y),
        _ => text_of(a).cmp(&text_of(b)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_searches_sorts_and_pages() {
        let rows: Vec<Value> =
            (1..=45).map(|i| json!({"id": i, "name": format!("row {i}"), "created_at": format!("{i:03}")})).collect();
        let q = TableQuery { page: Some(2), ..Default::default() };
        let out = q.answer(rows.clone(), &["name"]);
        assert_eq!(out["meta"]["total"], 45);
        assert_eq!(out["data"][0]["id"], 25, "newest first, second page of 20");
        let q = TableQuery { search: Some("ROW 4".into()), sort_type: Some("asc".into()), ..Default::default() };
        let out = q.answer(rows, &["name"]);
        assert_eq!(out["meta"]["total"], 7, "row 4 and rows 40-45");
        assert_eq!(out["data"][0]["id"], 4);
    }
}
