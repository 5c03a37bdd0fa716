//! Where a player lives: one of Nigeria's 36 states or the Federal Capital Territory, as its ISO 3166-2:NG code
//! (`LA`, `KN`, `FC`…). Lotteries are licensed by the states (Supreme Court, November 2024), so the state decides
//! whether a player may deposit and play ([`Licence`]) and which withholding tax their winnings bear
//! (`crate::tax`).

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

/// Every state and the FCT: ISO 3166-2:NG code and name, in code order.
pub const STATES: [(&str, &str); 37] = [
    ("AB", "Abia"),
    ("AD", "Adamawa"),
    ("AK", "Akwa Ibom"),
    ("AN", "Anambra"),
    ("BA", "Bauchi"),
    ("BE", "Benue"),
    ("BO", "Borno"),
    ("BY", "Bayelsa"),
    ("CR", "Cross River"),
    ("DE", "Delta"),
    ("EB", "Ebonyi"),
    ("ED", "Edo"),
    ("EK", "Ekiti"),
    ("EN", "Enugu"),
    ("FC", "Federal Capital Territory"),
    ("GO", "Gombe"),
    ("IM", "Imo"),
    ("JI", "Jigawa"),
    ("KD", "Kaduna"),
    ("KE", "Kebbi"),
    ("KN", "Kano"),
    ("KO", "Kogi"),
    ("KT", "Katsina"),
    ("KW", "Kwara"),
    ("LA", "Lagos"),
    ("NA", "Nasarawa"),
    ("NI", "Niger"),
    ("OG", "Ogun"),
    ("ON", "Ondo"),
    ("OS", "Osun"),
    ("OY", "Oyo"),
    ("PL", "Plateau"),
    ("RI", "Rivers"),
    ("SO", "Sokoto"),
    ("TA", "Taraba"),
    ("YO", "Yobe"),
    ("ZA", "Zamfara"),
];

/// The code of a state, from `LA`, `la` or `NG-LA`; `None` for anything else.
pub fn parse_state(raw: &str) -> Option<&'static str> {
    let raw = raw.trim();
    let code = raw.strip_prefix("NG-").or_else(|| raw.strip_prefix("ng-")).unwrap_or(raw);
    STATES.iter().map(|(c, _)| *c).find(|c| c.eq_ignore_ascii_case(code))
}

/// How a state is named to a player: "Lagos State", "the Federal Capital Territory".
pub fn state_name(code: &str) -> String {
    match STATES.iter().find(|(c, _)| *c == code) {
        Some(("FC", name)) => format!("the {name}"),
        Some((_, name)) => format!("{name} State"),
        None => code.to_string(),
    }
}

/// The states the operator is licensed in: every state when no list was set.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Licence {
    /// `None`: licensed everywhere.
    pub states: Option<BTreeSet<String>>,
}

impl Licence {
    /// A list such as `LA,OG` (`AYO_LICENSED_STATES`); empty means every state. Names the first bad code.
    pub fn parse(list: &str) -> Result<Self, String> {
        let mut states = BTreeSet::new();
        for raw in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            states.insert(parse_state(raw).ok_or_else(|| raw.to_string())?.to_string());
        }
        Ok(Self { states: (!states.is_empty()).then_some(states) })
    }

    pub fn covers(&self, state: &str) -> bool {
        self.states.as_ref().is_none_or(|states| states.contains(state))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_thirty_six_states_and_the_fct_each_once() {
        let codes: BTreeSet<&str> = STATES.iter().map(|(c, _)| *c).collect();
        assert_eq!(codes.len(), 37);
        assert!(codes.contains("FC") && codes.contains("LA") && codes.contains("KN"));
    }

    #[test]
    fn codes_parse_in_any_case_and_with_the_country_prefix() {
        assert_eq!(parse_state("la"), Some("LA"));
        assert_eq!(parse_state("NG-OG"), Some("OG"));
        assert_eq!(parse_state("XX"), None);
        assert_eq!(parse_state("Lagos"), None);
    }

    #[test]
    fn a_licence_list_covers_only_its_states_and_an_empty_one_covers_all() {
        let lagos_ogun = Licence::parse("LA, og").unwrap();
        assert!(lagos_ogun.covers("LA") && lagos_ogun.covers("OG") && !lagos_ogun.covers("KN"));
        assert!(Licence::parse("").unwrap().covers("KN"));
        assert_eq!(Licence::parse("LA,ZZ"), Err("ZZ".to_string()));
    }
}
