//! The nodes a store contract case runs on (`data/tests/store_*.rs`): one embedded store shared by every "node", or
//! as many PostgreSQL nodes on one fresh database (`AYO_TEST_POSTGRES_URL`, set by scripts/cluster-services.sh).

use ayo_data::pg::blocking::PgSync;
use ayo_data::user::UserId;
use ayo_data::Store;

use super::FUNDING;

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

/// A new id from the node's engine: the one sequence of tickets, ledger entries and (in PostgreSQL) accounts.
pub fn next_id(node: &Node) -> u64 {
    match node {
        Node::Embedded(store) => store.wallets().unwrap().next_id().unwrap(),
        Node::Cluster(pg) => pg.next_id().unwrap(),
    }
}

/// A new player whose wallet holds `FUNDING`, with the ledger entry that put it there.
pub fn funded_player(node: &Node) -> UserId {
    match node {
        Node::Embedded(store) => super::player(store, next_id(node) as u32).id,
        Node::Cluster(pg) => {
            let (user, entry) = (player_row(pg), pg.next_id().unwrap() as i64);
            pg.run(move |pool| async move {
                let client = pool.get().await?;
                client.execute("INSERT INTO wallets (user_id, balance) VALUES ($1, $2)", &[&user, &FUNDING]).await?;
                client
                    .execute(
                        "INSERT INTO ledger_entries (id, user_id, kind, status, amount, balance_after, reference,
                                                     created_at, doc)
                         VALUES ($1, $2, 'adjustment', 'success', $3, $3, 'test', now(), '{}')",
                        &[&entry, &user, &FUNDING],
                    )
                    .await?;
                Ok(())
            })
            .unwrap();
            user as UserId
        }
    }
}

/// A player's row in PostgreSQL (a wallet's row needs one).
pub fn player_row(pg: &ayo_data::pg::blocking::PgSync) -> i64 {
    let user = pg.next_id().unwrap() as i64;
    let email = format!("p{user}@example.com");
    pg.run(move |pool| async move {
        let sql = "INSERT INTO users (id, email, role, status, created_at, doc, phone, secrets)
                   VALUES ($1, $2, 'player', 'active', now(), '{}', NULL, '{}')";
        pool.get().await?.execute(sql, &[&user, &email]).await?;
        Ok(())
    })
    .unwrap();
    user
}
