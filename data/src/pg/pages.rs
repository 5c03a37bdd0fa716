//! Long lists read a page at a time (the newest-first iterators of the store seam): a page is fetched only when the
//! one before is used up, and the next starts after the last row read.

use std::collections::VecDeque;

use crate::error::StoreResult;

/// Fetches the page after a row's key (`None`: the first page).
type Fetch<'a, T, K> = Box<dyn FnMut(Option<&K>) -> StoreResult<Vec<T>> + Send + 'a>;

pub(super) struct Pages<'a, T, K> {
    fetch: Fetch<'a, T, K>,
    /// Where a row sits in the order: the next page starts after the last row's key.
    key: fn(&T) -> K,
    /// A page shorter than this is the last.
    size: usize,
    after: Option<K>,
    ready: VecDeque<T>,
    done: bool,
}

impl<'a, T, K> Pages<'a, T, K> {
    pub(super) fn new(
        size: usize,
        key: fn(&T) -> K,
        fetch: impl FnMut(Option<&K>) -> StoreResult<Vec<T>> + Send + 'a,
    ) -> Self {
        Self { fetch: Box::new(fetch), key, size, after: None, ready: VecDeque::new(), done: false }
    }
}

impl<T, K> Iterator for Pages<'_, T, K> {
    type Item = StoreResult<T>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.ready.is_empty() && !self.done {
            match (self.fetch)(self.after.as_ref()) {
                Ok(page) => {
                    self.done = page.len() < self.size;
                    if let Some(last) = page.last() {
                        self.after = Some((self.key)(last));
                    }
                    self.ready.extend(page);
                }
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            }
        }
        self.ready.pop_front().map(Ok)
    }
}
