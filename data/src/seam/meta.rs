//! Facts about the installation itself: which payment gateway its money went through, the key of players'
//! pseudonyms in ticket receipts, the states the operator is licensed in, the withholding-tax rules and who the
//! operator is.

use crate::error::StoreResult;
use crate::operator::Operator;
use crate::residence::Licence;
use crate::tax::TaxTable;

/// Each fact's key: in the embedded `meta` tree, and in PostgreSQL's `records` under the tree `meta` (where
/// `ayo migrate` puts them).
pub(crate) const PAYMENTS_MODE: &[u8] = b"payments_mode";
pub(crate) const PSEUDONYM_KEY: &[u8] = b"pseudonym_key";
pub(crate) const LICENCE: &[u8] = b"licensed_states";
pub(crate) const TAX_TABLE: &[u8] = b"tax_table";
pub(crate) const OPERATOR: &[u8] = b"operator";

pub trait Meta: Send + Sync {
    /// The gateway this store's money has gone through (`sandbox` or `paystack`), once a server has started on it.
    fn payments_mode(&self) -> StoreResult<Option<String>>;

    fn set_payments_mode(&self, mode: &str) -> StoreResult<()>;

    /// The key players' pseudonyms are made with (`merkle::pseudonym`), created at first use; every node
    /// and every later call answers the same key. Not a secret that guards money or results: it only keeps a
    /// receipt's owner from being read off it.
    fn pseudonym_key(&self) -> StoreResult<[u8; 32]>;

    /// The states the operator is licensed in (every state until set).
    fn licence(&self) -> StoreResult<Licence>;

    fn set_licence(&self, licence: &Licence) -> StoreResult<()>;

    /// The withholding-tax rules (Lagos's 5 % until an admin adds rules).
    fn tax_table(&self) -> StoreResult<TaxTable>;

    fn set_tax_table(&self, table: &TaxTable) -> StoreResult<()>;

    /// Who runs the lottery (empty until `AYO_OPERATOR_*`, `--demo` or the back office set it).
    fn operator(&self) -> StoreResult<Operator>;

    fn set_operator(&self, operator: &Operator) -> StoreResult<()>;
}
