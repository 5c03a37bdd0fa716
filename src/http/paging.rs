//! docs/product.md §15 table queries: `page`, `per_page` (default 20, at most 100), `search`, `sort_by`, `sort_type`
//! (asc|desc, default `created_at` desc).
//!
//! A list that can grow without bound is answered in one of two ways. In its index's own order with no search
//! (the default view of every table), the page is read straight from the index (`slice`, `answer_page`): the
//! cost is the page, whatever the list's length. Otherwise the rows stream past once (`answer_stream`), off the
//! async workers, and only the rows up to the asked page are held, never the whole list.

use serde::Deserialize;
use serde_json::{json, Value};

use ayo_data::seam::Slice;

pub const DEFAULT_PER_PAGE: usize = 20;
pub const MAX_PER_PAGE: usize = 100;
/// The orders of an index keyed by id: ids increase with creation, so both sort the same.
pub const CREATION_ORDER: [&str; 2] = ["created_at", "id"];

#[derive(Debug, Deserialize, Default, utoipa::IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct TableQuery {
    /// From 1.
    #[param(minimum = 1)]
    pub page: Option<usize>,
    /// Rows a page, at most 100 (also `rowsPerPage`).
    #[param(minimum = 1)]
    pub per_page: Option<usize>,
    #[serde(alias = "rowsPerPage")]
    #[param(ignore)]
    pub rows_per_page: Option<usize>,
    /// Matched, ignoring case, against the table's text columns.
    pub search: Option<String>,
    /// A column of the table (also `sortBy`).
    #[serde(alias = "sortBy")]
    pub sort_by: Option<String>,
    /// `asc` or `desc` (the default; also `sortType`).
    #[serde(alias = "sortType")]
    #[param(pattern = "^(asc|desc)$")]
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

    fn offset(&self) -> usize {
        (self.page() - 1).saturating_mul(self.per_page())
    }

    /// Whether the page can be read straight from an index kept in one of the `natural` orders: no search, sorted
    /// by one of them.
    pub fn reads_index(&self, natural: &[&str]) -> bool {
        self.search().is_none() && natural.contains(&self.sort_by())
    }

    /// The page asked for, as a slice of such an index.
    pub fn slice(&self) -> Slice {
        Slice { offset: self.offset(), limit: self.per_page(), oldest_first: !self.descending() }
    }

    /// A page read from an index, with the list's length: `{data, meta: {total, page, per_page}}`.
    pub fn answer_page(&self, data: Vec<Value>, total: u64) -> Value {
        json!({ "data": data, "meta": { "total": total, "page": self.page(), "per_page": self.per_page() } })
    }

    /// Filters rows (JSON objects) by the search text over `fields`, sorts by `sort_by` and cuts the page.
    pub fn answer(&self, rows: Vec<Value>, fields: &[&str]) -> Value {
        let Ok(answer) = self.answer_stream(rows.into_iter().map(Ok::<_, std::convert::Infallible>), fields, None);
        answer
    }

    /// `answer` over rows that stream past once. When they come newest first by `natural` and the table is sorted
    /// that way, rows are only counted past the page; otherwise at most the rows up to the page's end are held.
    pub fn answer_stream<E>(
        &self,
        rows: impl Iterator<Item = Result<Value, E>>,
        fields: &[&str],
        natural: Option<&str>,
    ) -> Result<Value, E> {
        let needle = self.search();
        let matching = rows.filter(|row| match (row, &needle) {
            (Ok(row), Some(needle)) => fields.iter().any(|f| text_of(&row[*f]).to_lowercase().contains(needle)),
            _ => true,
        });
        let (offset, per_page) = (self.offset(), self.per_page());
        let mut total = 0u64;
        let data = if natural == Some(self.sort_by()) && self.descending() {
            let mut data = Vec::with_capacity(per_page);
            for row in matching {
                let row = row?;
                if usize::try_from(total).is_ok_and(|n| n >= offset && n < offset.saturating_add(per_page)) {
                    data.push(row);
                }
                total += 1;
            }
            data
        } else {
            let mut best = TopRows::new(self.sort_by(), self.descending(), offset.saturating_add(per_page));
            for row in matching {
                best.push(row?);
                total += 1;
            }
            best.into_sorted().into_iter().skip(offset).collect()
        };
        Ok(self.answer_page(data, total))
    }
}

/// The first `keep` rows by a sort key, of rows pushed one at a time. Rows arrive newest first, so ties go newest
/// first when descending and oldest first when ascending, as the index order would have them.
struct TopRows {
    key: String,
    descending: bool,
    keep: usize,
    rows: Vec<(usize, Value)>,
    arrived: usize,
}

impl TopRows {
    fn new(key: &str, descending: bool, keep: usize) -> Self {
        Self { key: key.to_string(), descending, keep, rows: Vec::new(), arrived: 0 }
    }

    fn order(&self, a: &(usize, Value), b: &(usize, Value)) -> std::cmp::Ordering {
        let ascending = compare(&a.1[&self.key], &b.1[&self.key]).then(b.0.cmp(&a.0));
        if self.descending {
            ascending.reverse()
        } else {
            ascending
        }
    }

    fn push(&mut self, row: Value) {
        self.rows.push((self.arrived, row));
        self.arrived += 1;
        if self.rows.len() >= self.keep.saturating_mul(2).max(1024) {
            self.cut();
        }
    }

    fn cut(&mut self) {
        let mut rows = std::mem::take(&mut self.rows);
        rows.sort_by(|a, b| self.order(a, b));
        rows.truncate(self.keep);
        self.rows = rows;
    }

    fn into_sorted(mut self) -> Vec<Value> {
        self.cut();
        self.rows.into_iter().map(|(_, row)| row).collect()
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

    #[test]
    fn a_page_far_past_the_end_is_empty_whatever_the_sort() {
        let rows: Vec<Value> = (1..=30).map(|i| json!({"id": i, "created_at": format!("{i:03}")})).collect();
        for sort_by in ["created_at", "id"] {
            let q = TableQuery { page: Some(usize::MAX), sort_by: Some(sort_by.into()), ..Default::default() };
            let out = q.answer_stream(rows.iter().cloned().map(Ok::<_, ()>), &[], Some("created_at")).unwrap();
            assert_eq!(out["data"], json!([]), "sorted by {sort_by}");
            assert_eq!(out["meta"]["total"], 30);
        }
    }

    #[test]
    fn a_streamed_table_answers_as_the_whole_list_would() {
        let rows: Vec<Value> = (1..=3000)
            .map(|i| json!({"id": i, "created_at": format!("{i:05}"), "amount": (i * 7919) % 1000, "name": format!("r{i}")}))
            .collect();
        let newest_first: Vec<Value> = rows.iter().rev().cloned().collect();
        let stream = |q: &TableQuery| {
            q.answer_stream(newest_first.iter().cloned().map(Ok::<_, ()>), &["name"], Some("created_at")).unwrap()
        };
        for (page, sort_by, sort_type, search) in
            [(3, None, None, None), (2, Some("amount"), Some("asc"), None), (40, Some("amount"), None, Some("r1"))]
        {
            let q = TableQuery {
                page: Some(page),
                sort_by: sort_by.map(String::from),
                sort_type: sort_type.map(String::from),
                search: search.map(String::from),
                ..Default::default()
            };
            // The whole list sorted at once; ties in id order, the way the sort goes.
            let mut whole = rows.clone();
            if let Some(needle) = q.search() {
                whole.retain(|r| text_of(&r["name"]).to_lowercase().contains(&needle));
            }
            let key = q.sort_by().to_string();
            whole.sort_by(|a, b| compare(&a[&key], &b[&key]).then(a["id"].as_i64().cmp(&b["id"].as_i64())));
            if q.descending() {
                whole.reverse();
            }
            let expected: Vec<Value> = whole.iter().skip((page - 1) * 20).take(20).cloned().collect();
            let out = stream(&q);
            assert_eq!(out["meta"]["total"], whole.len());
            assert_eq!(out["data"], Value::Array(expected), "page {page} by {key}");
        }
    }
}
