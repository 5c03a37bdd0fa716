//! The built-in SANDBOX identity provider: no registry is asked, nothing leaves the server. Deterministic, so
//! tests, demos and the e2e suite can reach every outcome (docs/api-identity.md):
//!
//! - a number whose digits end in `0000` is not found;
//! - ending in `1111`: the name on it is someone else's (`MUSA GARBA`), so the check goes to an admin's review;
//! - ending in `2222`: the provider is unavailable (503);
//! - any other number carries the player's own registered name, surname first as NIMC writes it.

use ayo_data::identity::IdNumber;

use super::{IdentityError, PersonOnId};

pub const NOT_FOUND_SUFFIX: &str = "0000";
pub const SOMEONE_ELSE_SUFFIX: &str = "1111";
pub const UNAVAILABLE_SUFFIX: &str = "2222";

pub fn look_up(number: &IdNumber, player_name: &str) -> Result<PersonOnId, IdentityError> {
    let digits: String = number.expose().chars().filter(char::is_ascii_digit).collect();
    if digits.ends_with(NOT_FOUND_SUFFIX) {
        return Err(IdentityError::NotFound);
    }
    if digits.ends_with(UNAVAILABLE_SUFFIX) {
        return Err(IdentityError::Unavailable("sandbox: the provider is down (a number ending in 2222)".into()));
    }
    if digits.ends_with(SOMEONE_ELSE_SUFFIX) {
        return Ok(PersonOnId { first_name: "MUSA".into(), middle_name: None, last_name: "GARBA".into() });
    }
    let names: Vec<String> = player_name.split_whitespace().map(str::to_uppercase).collect();
    let (first, last) = match names.as_slice() {
        [] => (String::new(), String::new()),
        [only] => (only.clone(), String::new()),
        [first, .., last] => (first.clone(), last.clone()),
    };
    let middle = (names.len() > 2).then(|| names[1..names.len() - 1].join(" "));
    Ok(PersonOnId { first_name: first, middle_name: middle, last_name: last })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sandbox_answers_by_the_last_digits() {
        let nin = |n: &str| IdNumber::nin(n).unwrap();
        let own = look_up(&nin("70123456789"), "Ada Nkechi Obi").unwrap();
        assert_eq!(own.full_name(), "ADA NKECHI OBI");
        assert_eq!(look_up(&nin("70123451111"), "Ada Obi").unwrap().full_name(), "MUSA GARBA");
        assert!(matches!(look_up(&nin("70123450000"), "Ada Obi"), Err(IdentityError::NotFound)));
        assert!(matches!(look_up(&nin("70123452222"), "Ada Obi"), Err(IdentityError::Unavailable(_))));
        let vnin = IdNumber::vnin("AB012345671111YZ").unwrap();
        assert_eq!(look_up(&vnin, "Ada Obi").unwrap().last_name, "GARBA");
    }
}
