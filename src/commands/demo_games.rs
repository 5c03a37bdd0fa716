//! The demo's games: three weekly classics and "Ayo Express", drawn every three minutes (`AYO_DEMO_DRAW_MINUTES`)
//! so a newcomer sees a draw within minutes of starting.

use chrono::{NaiveTime, Utc, Weekday};

use ayo_data::game::{Game, GameStatus, Schedule, WeeklySlot};
use ayo_data::lotto::{BetType, Multipliers, StakeRules};
use ayo_data::Store;

fn weekly(days: &[Weekday], hour: u32, minute: u32) -> Schedule {
    let time = NaiveTime::from_hms_opt(hour, minute, 0).unwrap_or_default();
    Schedule::Weekly { slots: days.iter().map(|&weekday| WeeklySlot { weekday, time }).collect() }
}

/// Creates the demo games once (when there are no games yet), Ayo Express drawing every `express_every_minutes`.
/// Returns how many were created.
pub fn seed_games(store: &Store, express_every_minutes: u32) -> anyhow::Result<usize> {
    if !store.games.games()?.is_empty() {
        return Ok(0);
    }
    let express = express_description(express_every_minutes);
    let specs = [
        (
            "ayo-express",
            "Ayo Express",
            express.as_str(),
            Schedule::Interval { every_minutes: express_every_minutes },
            30,
        ),
        (
            "fortune",
            "Fortune",
            "Our Monday and Thursday evening draw.",
            weekly(&[Weekday::Mon, Weekday::Thu], 19, 45),
            300,
        ),
        ("lucky-tuesday", "Lucky Tuesday", "One big draw every Tuesday night.", weekly(&[Weekday::Tue], 19, 15), 300),
        (
            "mark-ii",
            "Mark II",
            "Wednesday and Saturday evening draws.",
            weekly(&[Weekday::Wed, Weekday::Sat], 19, 45),
            300,
        ),
    ];
    let count = specs.len();
    for (slug, name, description, schedule, close_before_secs) in specs {
        let game = Game {
            id: store.games.next_id()?,
            slug: slug.into(),
            name: name.into(),
            description: description.into(),
            status: GameStatus::Active,
            schedule,
            close_before_secs,
            bet_types: BetType::ALL.to_vec(),
            multipliers: Multipliers::default(),
            stake_rules: StakeRules::default(),
            risk_limits: ayo_data::risk_limits::RiskLimits::default(),
            created_at: Utc::now(),
            independent_party: Default::default(),
        };
        store.games.put_game(&game)?;
    }
    store.flush_blocking()?;
    Ok(count)
}

fn express_description(every_minutes: u32) -> String {
    match every_minutes {
        1 => "A fresh 5/90 draw every minute, day and night.".to_string(),
        3 => "A fresh 5/90 draw every three minutes, day and night.".to_string(),
        n => format!("A fresh 5/90 draw every {n} minutes, day and night."),
    }
}
