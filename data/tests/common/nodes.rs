//! The nodes a store contract case runs on (`data/tests/store_*.rs`): one embedded store shared by every "node", or
//! as many PostgreSQL nodes on one fresh database (`AYO_TEST_POSTGRES_URL`, set by scripts/cluster-services.sh).

use ayo_data::pg::blocking::PgSync;
use ayo_data::Store;

/// One node's store, on either engine. A case builds the seam it tests from it (`seam::Meta` and so on).
pub enum Node {
    Embedded(Box<Store>),
    Cluster(PgSync),
}

/// `count` nodes on one embedded store.
pub fn embedded(count: usize) -> Vec<Node> {
    let store = Store::temporary().unwrap();
    (0..count).map(|_| Node::Embedded(Box::new(store.clone()))).collect()
}

/// `count` nodes, each with its own connections, on one fresh PostgreSQL database.
pub fn cluster(count: usize) -> Vec<Node> {
    let admin = std::env::var("AYO_TEST_POSTGRES_URL").expect("AYO_TEST_POSTGRES_URL (scripts/cluster-services.sh)");
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let url = runtime.block_on(ayo_data::pg::new_database(&admin, "ayo_store")).unwrap();
    (0..count).map(|_| Node::Cluster(PgSync::connect(&url).unwrap())).collect()
}

/// A contract case (`fn(&[Node])`) as two tests: `$embedded` on the embedded store, in every `cargo test`, and
/// `$cluster` on PostgreSQL, `#[ignore]`d there and run by scripts/test.sh beside a throwaway PostgreSQL.
#[macro_export]
macro_rules! both_engines {
    ($case:ident, $embedded:ident, $cluster:ident) => {
        #[test]
        fn $embedded() {
            $case(&common::nodes::embedded(3));
        }

        #[test]
        #[ignore = "needs PostgreSQL: scripts/test.sh runs it beside a throwaway one"]
        fn $cluster() {
            $case(&common::nodes::cluster(3));
        }
    };
}
