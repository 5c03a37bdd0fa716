//! Whether two spellings of a person's name are the same person: the player's registered name, the name on their NIN,
//! and the name on their payout bank account (decision 024).
//!
//! The comparison is tolerant of what legitimately differs between registries: case, accents and tone marks
//! (Yorùbá `Ọlá` = `Ola`), punctuation and hyphens, the order of the names (NIMC writes surname first, banks often
//! do too), middle names present on one side only, titles (`Mr`, `Alhaji`, `Chief`), and common short forms
//! (`Seun` for `Oluwaseun`, `Tunde` for `Babatunde`, `Mohammed` for `Muhammad`). It is strict about the rest: every
//! name of the shorter side must be found in the longer one, and at least two must be found when both sides have two.
//!
//! Three verdicts: `Match` (every name found, exactly or as a known short form) lets the check pass on its own;
//! `Unsure` (found only with a one-letter difference, or a side has one name) and `Mismatch` go to an admin.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    Match,
    Unsure,
    Mismatch,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NameMatch {
    pub verdict: Verdict,
    /// 0–100: the share of the shorter name found, less 10 for each name found only approximately.
    pub score: u8,
    /// In words, for the admin who reviews it.
    pub reason: String,
}

/// Titles and honorifics dropped before comparing.
const TITLES: [&str; 14] =
    ["mr", "mrs", "ms", "miss", "dr", "chief", "alhaji", "alhaja", "prof", "engr", "barr", "pastor", "hon", "sir"];

/// Common short forms and spellings of the same name, each group one name.
const SAME_NAME: [&[&str]; 22] = [
    &["muhammad", "mohammed", "mohammad", "muhammed", "mohamed", "muhd", "mohd"],
    &["abdulrahman", "abdulrahaman", "abdul"],
    &["ibrahim", "ibrahima"],
    &["oluwaseun", "seun", "olusegun", "segun"],
    &["oluwatobi", "tobi"],
    &["oluwafemi", "femi", "olufemi"],
    &["olufunmilayo", "funmilayo", "funmi", "funmilola"],
    &["babatunde", "tunde"],
    &["oluwatoyin", "toyin"],
    &["oluwadamilare", "damilare", "dami"],
    &["oluwakemi", "kemi", "olukemi"],
    &["oluwabunmi", "bunmi"],
    &["adebayo", "bayo"],
    &["chukwuemeka", "emeka"],
    &["chukwudi", "chudi"],
    &["chinonso", "nonso"],
    &["ngozichukwu", "ngozi"],
    &["nnamdi", "nnamdy"],
    &["elizabeth", "liz", "lizzy", "beth"],
    &["christopher", "chris"],
    &["christiana", "christy", "tina"],
    &["oluwaseyi", "seyi"],
];

/// Lower case, accents and tone marks removed, anything not a letter a space.
fn fold(c: char) -> char {
    match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' | 'ạ' | 'À' | 'Á' | 'Â' | 'Ã' | 'Ä' | 'Å' | 'Ā' | 'Ạ' => {
            'a'
        }
        'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ẹ' | 'ề' | 'ế' | 'È' | 'É' | 'Ê' | 'Ë' | 'Ē' | 'Ẹ' | 'Ề' | 'Ế' => {
            'e'
        }
        'ì' | 'í' | 'î' | 'ï' | 'ī' | 'ị' | 'Ì' | 'Í' | 'Î' | 'Ï' | 'Ī' | 'Ị' => 'i',
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ō' | 'ọ' | 'ồ' | 'ố' | 'Ò' | 'Ó' | 'Ô' | 'Õ' | 'Ö' | 'Ō' | 'Ọ' | 'Ồ' | 'Ố' => {
            'o'
        }
        'ù' | 'ú' | 'û' | 'ü' | 'ū' | 'ụ' | 'Ù' | 'Ú' | 'Û' | 'Ü' | 'Ū' | 'Ụ' => 'u',
        'ṣ' | 'Ṣ' | 'ś' | 'Ś' => 's',
        'ń' | 'ǹ' | 'ñ' | 'Ń' | 'Ǹ' | 'Ñ' => 'n',
        'ḿ' | 'Ḿ' => 'm',
        'ç' | 'Ç' => 'c',
        c if c.is_ascii_alphabetic() => c.to_ascii_lowercase(),
        // Combining marks (a decomposed accent) vanish; any other character separates names.
        '\u{300}'..='\u{36f}' => '\0',
        _ => ' ',
    }
}

/// The names in a full name, folded, without titles.
pub fn names(full: &str) -> Vec<String> {
    let folded: String = full.chars().map(fold).filter(|c| *c != '\0').collect();
    folded.split_whitespace().filter(|n| !TITLES.contains(n)).map(str::to_string).collect()
}

fn same_name(a: &str, b: &str) -> bool {
    a == b || SAME_NAME.iter().any(|group| group.contains(&a) && group.contains(&b))
}

/// One edit (insert, delete or substitute a letter) apart, for names of five letters or more.
fn one_edit_apart(a: &str, b: &str) -> bool {
    if a == b {
        return true;
    }
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    if a.len().min(b.len()) < 5 || a.len().abs_diff(b.len()) > 1 {
        return false;
    }
    let (short, long) = if a.len() <= b.len() { (&a, &b) } else { (&b, &a) };
    let prefix = short.iter().zip(long.iter()).take_while(|(x, y)| x == y).count();
    if short.len() == long.len() {
        short[prefix + 1..] == long[prefix + 1..]
    } else {
        short[prefix..] == long[prefix + 1..]
    }
}

/// Compares two full names (see the module note).
pub fn compare(a: &str, b: &str) -> NameMatch {
    let (a, b) = (names(a), names(b));
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    if short.is_empty() {
        return NameMatch { verdict: Verdict::Mismatch, score: 0, reason: "A name is empty".into() };
    }
    let mut used = vec![false; long.len()];
    let (mut exact, mut close, mut missing) = (0usize, 0usize, Vec::new());
    for name in &short {
        if let Some(i) = (0..long.len()).find(|&i| !used[i] && same_name(name, &long[i])) {
            used[i] = true;
            exact += 1;
        } else if let Some(i) = (0..long.len()).find(|&i| !used[i] && one_edit_apart(name, &long[i])) {
            used[i] = true;
            close += 1;
        } else {
            missing.push(name.clone());
        }
    }
    let found = exact + close;
    let score = (found * 100 / short.len()).saturating_sub(close * 10).min(100) as u8;
    let (verdict, reason) = if !missing.is_empty() {
        let verdict = if found * 2 >= short.len() && found >= 1 { Verdict::Unsure } else { Verdict::Mismatch };
        (verdict, format!("Not found on the other side: {}", missing.join(", ")))
    } else if short.len() < 2 && long.len() >= 2 {
        (Verdict::Unsure, "Only one name to compare".into())
    } else if close > 0 {
        (Verdict::Unsure, "Some names differ by one letter".into())
    } else {
        (Verdict::Match, "Every name matches".into())
    };
    NameMatch { verdict, score, reason }
}

/// The worst of several comparisons (the lowest score among the worst verdicts).
pub fn worst(matches: impl IntoIterator<Item = NameMatch>) -> Option<NameMatch> {
    let rank = |v: Verdict| match v {
        Verdict::Match => 0,
        Verdict::Unsure => 1,
        Verdict::Mismatch => 2,
    };
    matches.into_iter().max_by(|x, y| rank(x.verdict).cmp(&rank(y.verdict)).then(y.score.cmp(&x.score)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verdict(a: &str, b: &str) -> Verdict {
        compare(a, b).verdict
    }

    #[test]
    fn the_same_person_written_by_three_registries_matches() {
        // Registered as typed by the player; NIMC surname first with a middle name; the bank in capitals.
        assert_eq!(verdict("Ọlá Adébáyọ̀", "ADEBAYO OLA FOLASHADE"), Verdict::Match);
        assert_eq!(verdict("Ada Obi", "OBI, ADA N."), Verdict::Match);
        assert_eq!(compare("Ada Obi", "obi ada").score, 100);
    }

    #[test]
    fn hyphens_titles_and_short_forms_are_the_same_name() {
        assert_eq!(verdict("Seun Bello-Okafor", "Mr OLUWASEUN BELLO OKAFOR"), Verdict::Match);
        assert_eq!(verdict("Tunde Oladipo", "Babatunde Oladipo"), Verdict::Match);
        assert_eq!(verdict("Mohammed Usman", "Alhaji Muhammad Usman"), Verdict::Match);
    }

    #[test]
    fn a_one_letter_difference_is_unsure_not_a_match() {
        let m = compare("Chioma Nwosu", "Chioma Nwossu");
        assert_eq!(m.verdict, Verdict::Unsure);
        assert_eq!(m.score, 90);
        // Short names are not stretched: "Ada" and "Ade" are different people.
        assert_eq!(verdict("Ada Obi", "Ade Obi"), Verdict::Unsure);
    }

    #[test]
    fn a_different_person_is_a_mismatch() {
        let m = compare("Ada Obi", "Tunde Oladipo");
        assert_eq!(m.verdict, Verdict::Mismatch);
        assert_eq!(m.score, 0);
        assert!(m.reason.contains("ada"), "{}", m.reason);
        assert_eq!(verdict("", "Ada Obi"), Verdict::Mismatch);
    }

    #[test]
    fn one_name_alone_is_never_enough() {
        assert_eq!(verdict("Ada", "Ada Obi"), Verdict::Unsure);
        assert_eq!(verdict("Ada Obi", "Ada Nwosu"), Verdict::Unsure);
    }

    #[test]
    fn the_worst_comparison_decides() {
        let all =
            worst([compare("Ada Obi", "Obi Ada"), compare("Ada Obi", "Ada Nwosu"), compare("Ada Obi", "Ada Obi")]);
        assert_eq!(all.map(|m| m.verdict), Some(Verdict::Unsure));
    }
}
