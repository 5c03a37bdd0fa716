//! A game: a named, scheduled 5/90 lotto with its own odds and stake rules (docs/product.md §3–§6).
//!
//! Times of day are Nigerian time (WAT, Africa/Lagos), which is UTC+01:00 all year: Nigeria keeps no daylight
//! saving, so a fixed offset is exact and needs no time-zone database.

use chrono::{DateTime, Datelike, Duration, FixedOffset, NaiveTime, TimeZone, Utc, Weekday};
use serde::{Deserialize, Serialize};

use crate::lagos::wat;
use crate::lotto::{BetType, Multipliers, StakeRules};
use crate::risk_limits::RiskLimits;

pub type GameId = u64;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum GameStatus {
    Active,
    Paused,
}

/// One weekly draw time, e.g. Tuesday 19:15 WAT.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct WeeklySlot {
    /// `Mon` … `Sun`.
    #[schema(value_type = String, example = "Tue")]
    pub weekday: Weekday,
    /// Time of day in WAT, `HH:MM`.
    #[serde(with = "hhmm")]
    #[schema(value_type = String, pattern = "^[0-9]{2}:[0-9]{2}$", example = "19:15")]
    pub time: NaiveTime,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Schedule {
    /// Draws at fixed weekly times.
    Weekly { slots: Vec<WeeklySlot> },
    /// A draw every N minutes, on the minute marks of the day in WAT (e.g. every 5: 10:00, 10:05, …).
    Interval { every_minutes: u32 },
}

impl Schedule {
    /// The first draw time strictly after `after`.
    pub fn next_draw_after(&self, after: DateTime<Utc>) -> Option<DateTime<Utc>> {
        match self {
            Schedule::Interval { every_minutes } => {
                let step = i64::from(*every_minutes).max(1) * 60;
                let local = after.with_timezone(&wat());
                let secs = i64::from(local.num_seconds_from_midnight_compat());
                let next_in_day = (secs / step + 1) * step;
                let midnight = local.date_naive().and_hms_opt(0, 0, 0)?;
                let midnight = wat().from_local_datetime(&midnight).single()?;
                Some((midnight + Duration::seconds(next_in_day)).with_timezone(&Utc))
            }
            Schedule::Weekly { slots } => {
                let local = after.with_timezone(&wat());
                (0..=7)
                    .flat_map(|days| {
                        let date = local.date_naive() + Duration::days(days);
                        slots.iter().filter(move |s| s.weekday == date.weekday()).filter_map(move |s| {
                            wat().from_local_datetime(&date.and_time(s.time)).single().map(|t| t.with_timezone(&Utc))
                        })
                    })
                    .filter(|t| *t > after)
                    .min()
            }
        }
    }

    pub fn validate(&self) -> Result<(), &'static str> {
        match self {
            Schedule::Interval { every_minutes } if !(1..=1440).contains(every_minutes) => {
                Err("A draw interval is between 1 and 1440 minutes")
            }
            Schedule::Weekly { slots } if slots.is_empty() => Err("A weekly schedule needs at least one draw time"),
            _ => Ok(()),
        }
    }
}

trait SecondsFromMidnight {
    fn num_seconds_from_midnight_compat(&self) -> u32;
}

impl SecondsFromMidnight for DateTime<FixedOffset> {
    fn num_seconds_from_midnight_compat(&self) -> u32 {
        use chrono::Timelike;
        self.num_seconds_from_midnight()
    }
}

/// Who besides the operator fixes a game's balls (docs/fairness.md, "No sale without an independent party"): a named
/// witness's committed secret, the drand quicknet beacon's round after close, or both (an operator may require both).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum IndependentParty {
    #[default]
    Witness,
    Beacon,
    Both,
}

impl IndependentParty {
    pub fn needs_witness(self) -> bool {
        matches!(self, IndependentParty::Witness | IndependentParty::Both)
    }
    pub fn needs_beacon(self) -> bool {
        matches!(self, IndependentParty::Beacon | IndependentParty::Both)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Game {
    pub id: GameId,
    pub slug: String,
    pub name: String,
    pub description: String,
    pub status: GameStatus,
    pub schedule: Schedule,
    /// Sales stop this many seconds before the draw.
    pub close_before_secs: i64,
    pub bet_types: Vec<BetType>,
    pub multipliers: Multipliers,
    pub stake_rules: StakeRules,
    /// The house's limits on each draw's liability (none by default; docs/decisions/048-exact-liability.md).
    #[serde(default)]
    pub risk_limits: RiskLimits,
    pub created_at: DateTime<Utc>,
    /// Who fixes the balls with the operator; a witness by default (and for games from before the beacon).
    #[serde(default)]
    pub independent_party: IndependentParty,
}

impl Game {
    /// A game as the house offers one unless told otherwise: active, every bet type at the default multipliers and
    /// stake rules, no liability limits, no description, sales open until the draw. Callers change what differs
    /// (`Game { status, ..Game::new(…) }`).
    pub fn new(id: GameId, slug: &str, name: &str, schedule: Schedule, created_at: DateTime<Utc>) -> Game {
        Game {
            id,
            slug: slug.to_string(),
            name: name.to_string(),
            description: String::new(),
            status: GameStatus::Active,
            schedule,
            close_before_secs: 0,
            bet_types: BetType::ALL.to_vec(),
            multipliers: Multipliers::default(),
            stake_rules: StakeRules::default(),
            risk_limits: RiskLimits::default(),
            created_at,
            independent_party: IndependentParty::default(),
        }
    }

    pub fn allows(&self, bet_type: BetType) -> bool {
        self.bet_types.contains(&bet_type)
    }
}

mod hhmm {
    use chrono::NaiveTime;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(time: &NaiveTime, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&time.format("%H:%M").to_string())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<NaiveTime, D::Error> {
        let text = String::deserialize(d)?;
        NaiveTime::parse_from_str(&text, "%H:%M").map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utc(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).map(|t| t.with_timezone(&Utc)).unwrap_or_default()
    }

    #[test]
    fn an_interval_game_draws_on_the_next_minute_mark_in_wat() {
        let every5 = Schedule::Interval { every_minutes: 5 };
        assert_eq!(every5.next_draw_after(utc("2026-11-22T09:02:30Z")), Some(utc("2026-11-22T09:05:00Z")));
        assert_eq!(every5.next_draw_after(utc("2026-11-22T09:05:00Z")), Some(utc("2026-11-22T09:10:00Z")));
    }

    #[test]
    fn a_weekly_game_draws_at_its_next_slot_in_wat() {
        let slot = WeeklySlot { weekday: Weekday::Tue, time: NaiveTime::from_hms_opt(19, 15, 0).unwrap_or_default() };
        let weekly = Schedule::Weekly { slots: vec![slot] };
        // Sunday 22 Nov 2026 → Tuesday 24 Nov 19:15 WAT = 18:15 UTC.
        assert_eq!(weekly.next_draw_after(utc("2026-11-22T03:00:00Z")), Some(utc("2026-11-24T18:15:00Z")));
        assert_eq!(weekly.next_draw_after(utc("2026-11-24T18:15:00Z")), Some(utc("2026-12-01T18:15:00Z")));
    }
}
