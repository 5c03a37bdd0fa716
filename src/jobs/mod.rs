//! What runs on its own beside the requests: who leads a cluster's draws (`leadership`), the back-office dashboard's
//! live figures (`dashboard`), the risk desk's live push (`risk_live`), the audit log's retention (`retention`),
//! the independent witness's client (`witness`, the loop of `ayo witness`, and `witness_record`, its own record of
//! what it signed and revealed), and the drand beacon's client (`beacon`).

pub mod beacon;
pub mod dashboard;
pub mod leadership;
pub mod retention;
pub mod risk_live;
pub mod witness;
pub mod witness_record;
