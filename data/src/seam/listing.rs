//! Pages of a list: which rows a caller asks for (`Slice`) and what it gets back (`Page`), whatever engine reads
//! them.

/// Which rows of a list to read: `offset..offset + limit` in index order, newest (highest key) first unless
/// `oldest_first`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slice {
    pub offset: usize,
    pub limit: usize,
    pub oldest_first: bool,
}

/// One page of a list and the length of the whole list.
#[derive(Debug, Clone, PartialEq)]
pub struct Page<T> {
    pub rows: Vec<T>,
    pub total: u64,
}
