//! What runs on its own beside the requests: who leads a cluster's draws (`leadership`), the back-office dashboard's
//! live figures (`dashboard`), the audit log's retention (`retention`), and the independent witness's client
//! (`witness`, the loop of `ayo witness`).

pub mod dashboard;
pub mod leadership;
pub mod retention;
pub mod witness;
