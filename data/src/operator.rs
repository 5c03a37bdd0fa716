//! Who runs the lottery: the company, its registration with the Corporate Affairs Commission, the licences the
//! states' regulators granted it, and how a player reaches a person (docs/product.md §8, docs/decisions/049). A
//! Nigerian player checks these before trusting a site with money, so every page shows them.

use serde::{Deserialize, Serialize};

use crate::account::PhoneNumber;
use crate::residence::{parse_state, state_name};

/// One regulator's licence: the state it covers, who granted it and its number.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OperatorLicence {
    /// ISO 3166-2:NG code of the state (`FC` for a licence of the federal commission).
    pub state: String,
    pub regulator: String,
    pub number: String,
}

/// The operator's identity as the back office or `AYO_OPERATOR_*` set it; empty fields until then.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Operator {
    /// The registered company name.
    pub company: String,
    /// The Corporate Affairs Commission's registration number, `RC 1234567`.
    pub rc_number: String,
    pub licences: Vec<OperatorLicence>,
    /// The registered address.
    pub address: String,
    /// `+234…`: tap-to-call.
    pub support_phone: String,
    /// `+234…`: the WhatsApp line (`https://wa.me/<digits>`).
    pub whatsapp: String,
    /// When a person answers, in words: "Monday to Saturday, 8am to 8pm WAT".
    pub support_hours: String,
    /// The reply time promised to a message, in words: "within 24 hours".
    pub reply_time: String,
}

/// A field the operator's identity cannot take, and why, in words for the back office.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadField {
    pub field: &'static str,
    pub message: String,
}

/// Longest free-text field: a registered address fits, a pasted document does not.
const MAX_TEXT: usize = 300;

impl Operator {
    /// Clearly fictional values for `--demo`, so a demo can never be mistaken for a licensed operator.
    pub fn demo() -> Self {
        Self {
            company: "Ayo Lotto Demo Ltd (fictional)".into(),
            rc_number: "RC 0000000 (demo)".into(),
            licences: vec![OperatorLicence {
                state: "LA".into(),
                regulator: "Lagos State Lotteries and Gaming Authority".into(),
                number: "DEMO-0000 (not a real licence)".into(),
            }],
            address: "1 Demo Street, Ikeja, Lagos (fictional)".into(),
            support_phone: "+2347000000000".into(),
            whatsapp: "+2347000000000".into(),
            support_hours: "Monday to Saturday, 8am to 8pm WAT".into(),
            reply_time: "within 24 hours".into(),
        }
    }

    /// Whether any licence number is set: a production server without one warns its staff.
    pub fn is_licensed(&self) -> bool {
        self.licences.iter().any(|l| !l.number.trim().is_empty())
    }

    /// Trims every field, writes phone numbers as `+234…` and state codes in capitals; names every field that is
    /// wrong (an empty field is allowed: the operator may not have it yet).
    pub fn normalised(mut self) -> Result<Self, Vec<BadField>> {
        let mut bad = Vec::new();
        for (field, value) in [
            ("company", &mut self.company),
            ("rc_number", &mut self.rc_number),
            ("address", &mut self.address),
            ("support_hours", &mut self.support_hours),
            ("reply_time", &mut self.reply_time),
        ] {
            *value = value.trim().to_string();
            if value.chars().count() > MAX_TEXT {
                bad.push(BadField { field, message: format!("Keep it under {MAX_TEXT} characters") });
            }
        }
        for (field, value) in [("support_phone", &mut self.support_phone), ("whatsapp", &mut self.whatsapp)] {
            let raw = value.trim().to_string();
            if raw.is_empty() {
                *value = raw;
                continue;
            }
            match PhoneNumber::from_login(&raw) {
                Some(phone) => *value = phone.as_str().to_string(),
                None => bad.push(BadField {
                    field,
                    message: "Enter a phone number such as +2348012345678 or 08012345678".into(),
                }),
            }
        }
        for licence in &mut self.licences {
            licence.regulator = licence.regulator.trim().to_string();
            licence.number = licence.number.trim().to_string();
            match parse_state(&licence.state) {
                Some(code) => licence.state = code.to_string(),
                None => bad.push(BadField {
                    field: "licences",
                    message: format!("{:?} is not a state's code (LA, FC…)", licence.state.trim()),
                }),
            }
            if licence.regulator.is_empty() || licence.number.is_empty() {
                bad.push(BadField { field: "licences", message: "Give each licence its regulator and number".into() });
            }
        }
        if bad.is_empty() {
            Ok(self)
        } else {
            Err(bad)
        }
    }

    /// `https://wa.me/<digits>` for the WhatsApp number, if there is one.
    pub fn whatsapp_link(&self) -> Option<String> {
        let digits: String = self.whatsapp.chars().filter(char::is_ascii_digit).collect();
        (!digits.is_empty()).then(|| format!("https://wa.me/{digits}"))
    }
}

impl OperatorLicence {
    /// How the licence's state reads to a player: "Lagos State".
    pub fn state_name(&self) -> String {
        state_name(&self.state)
    }

    /// A licence list as `AYO_OPERATOR_LICENCES` writes it: `STATE:REGULATOR:NUMBER` entries separated by `;`
    /// (`LA:Lagos State Lotteries and Gaming Authority:LSLGA/OL/0001`). Names the first entry it cannot read.
    pub fn parse_list(list: &str) -> Result<Vec<Self>, String> {
        list.split(';')
            .map(str::trim)
            .filter(|entry| !entry.is_empty())
            .map(|entry| {
                let mut parts = entry.splitn(3, ':').map(str::trim);
                match (parts.next(), parts.next(), parts.next()) {
                    (Some(state), Some(regulator), Some(number))
                        if parse_state(state).is_some() && !regulator.is_empty() && !number.is_empty() =>
                    {
                        Ok(Self {
                            state: state.to_string(),
                            regulator: regulator.to_string(),
                            number: number.to_string(),
                        })
                    }
                    _ => Err(entry.to_string()),
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phone_numbers_are_stored_in_full_international_form() {
        let operator =
            Operator { support_phone: "0801 234 5678".into(), whatsapp: "+2348012345678".into(), ..Default::default() };
        let operator = operator.normalised().unwrap_or_default();
        assert_eq!(operator.support_phone, "+2348012345678");
        assert_eq!(operator.whatsapp_link().as_deref(), Some("https://wa.me/2348012345678"));
    }

    #[test]
    fn a_bad_phone_or_state_is_named_by_its_field() {
        let operator = Operator {
            support_phone: "call us".into(),
            licences: vec![OperatorLicence { state: "XX".into(), regulator: "R".into(), number: "1".into() }],
            ..Default::default()
        };
        let fields: Vec<&str> = operator.normalised().err().unwrap_or_default().iter().map(|b| b.field).collect();
        assert_eq!(fields, ["support_phone", "licences"]);
    }

    #[test]
    fn the_environment_list_of_licences_reads_state_regulator_and_number() {
        let list = "LA:Lagos State Lotteries and Gaming Authority:LSLGA/OL/0001; FC:NLRC:NLRC/0002";
        let licences = OperatorLicence::parse_list(list).unwrap_or_default();
        assert_eq!(licences.len(), 2);
        assert_eq!(licences[0].number, "LSLGA/OL/0001");
        assert_eq!(licences[1].state_name(), "the Federal Capital Territory");
        assert_eq!(OperatorLicence::parse_list("LA:no number"), Err("LA:no number".to_string()));
    }

    #[test]
    fn the_demo_is_licensed_only_in_fiction() {
        let demo = Operator::demo();
        assert!(demo.is_licensed());
        assert!(demo.company.contains("fictional"));
        assert!(!Operator::default().is_licensed());
    }
}
