//! The installation's facts (`seam::Meta`), the same cases on both engines (`common::nodes`).
#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed unwrap is a failed test

use std::sync::Arc;

use chrono::NaiveDate;

use ayo_data::pg::meta::PgMeta;
use ayo_data::residence::Licence;
use ayo_data::seam::Meta;
use ayo_data::tax::{TaxRule, TaxTable};

mod common;
use common::nodes::Node;

fn meta(node: &Node) -> Arc<dyn Meta> {
    match node {
        Node::Embedded(store) => Arc::clone(&store.meta),
        Node::Cluster(pg) => Arc::new(PgMeta::new(pg.clone())),
    }
}

fn facts_written_on_one_node_are_read_on_every_other(nodes: &[Node]) {
    let (a, b) = (meta(&nodes[0]), meta(&nodes[1]));
    assert_eq!(a.payments_mode().unwrap(), None, "a new store has run no gateway");
    a.set_payments_mode("paystack").unwrap();
    assert_eq!(b.payments_mode().unwrap().as_deref(), Some("paystack"));

    assert_eq!(b.licence().unwrap(), Licence::default(), "every state until the operator sets some");
    let lagos_ogun = Licence::parse("LA,OG").unwrap();
    b.set_licence(&lagos_ogun).unwrap();
    assert_eq!(a.licence().unwrap(), lagos_ogun);
    assert!(!a.licence().unwrap().covers("KN"));

    let lagos = b.tax_table().unwrap();
    assert_eq!(lagos, TaxTable::default(), "Lagos's 5 % until an admin adds rules");
    let mut raised = lagos.clone();
    raised.rules.push(TaxRule {
        state: Some("LA".into()),
        rate_bp: 750,
        from: NaiveDate::from_ymd_opt(2027, 1, 1).unwrap(),
    });
    a.set_tax_table(&raised).unwrap();
    assert_eq!(meta(&nodes[2]).tax_table().unwrap(), raised);
}

fn every_node_makes_pseudonyms_with_one_key(nodes: &[Node]) {
    let keys: Vec<[u8; 32]> = std::thread::scope(|scope| {
        let firsts: Vec<_> =
            nodes.iter().map(|node| scope.spawn(move || meta(node).pseudonym_key().unwrap())).collect();
        firsts.into_iter().map(|first| first.join().unwrap()).collect()
    });
    assert!(keys.windows(2).all(|pair| pair[0] == pair[1]), "first uses at once agree on one key");
    assert_ne!(keys[0], [0u8; 32]);
    assert_eq!(meta(&nodes[1]).pseudonym_key().unwrap(), keys[0], "and keep it");
}

both_engines!(facts_written_on_one_node_are_read_on_every_other, embedded_facts_are_shared, cluster_facts_are_shared);
both_engines!(every_node_makes_pseudonyms_with_one_key, embedded_one_pseudonym_key, cluster_one_pseudonym_key);
