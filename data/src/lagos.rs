//! Lagos time, the lottery's one clock for people (docs/product.md): draw times, calendar days of the books and
//! reports, and dates as players read them. Nigeria is on West Africa Time, UTC+01:00 all year with no daylight
//! saving, so a fixed offset is exact and needs no time-zone database. Every Rust caller that turns an instant into
//! a Lagos day or time, or back, uses this module.

use chrono::{DateTime, FixedOffset, NaiveDate, Offset, TimeZone, Utc};

/// West Africa Time.
pub fn wat() -> FixedOffset {
    FixedOffset::east_opt(3600).unwrap_or_else(|| Utc.fix())
}

/// The calendar day in Lagos (WAT) of an instant.
pub fn lagos_day(t: DateTime<Utc>) -> NaiveDate {
    t.with_timezone(&wat()).date_naive()
}

/// The instant Lagos day `day` begins (00:00 WAT is 23:00 UTC the day before).
pub fn lagos_midnight(day: NaiveDate) -> DateTime<Utc> {
    wat().from_local_datetime(&day.and_time(chrono::NaiveTime::MIN)).single().map_or_else(Utc::now, |t| t.to_utc())
}

/// `22 Nov 2026, 7:15 pm WAT`: an instant as the app shows it to a player.
pub fn lagos_time(t: DateTime<Utc>) -> String {
    t.with_timezone(&wat()).format("%-d %b %Y, %-I:%M %P WAT").to_string()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    fn at(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    #[test]
    fn a_lagos_day_starts_at_eleven_the_evening_before_in_utc() {
        let day = NaiveDate::from_ymd_opt(2026, 11, 23).unwrap();
        assert_eq!(lagos_midnight(day), at("2026-11-22T23:00:00Z"));
        assert_eq!(lagos_day(at("2026-11-22T23:00:00Z")), day);
        assert_eq!(lagos_day(at("2026-11-22T22:59:59Z")), day.pred_opt().unwrap());
    }

    #[test]
    fn lagos_time_reads_like_the_app() {
        assert_eq!(lagos_time(at("2026-11-22T18:15:00Z")), "22 Nov 2026, 7:15 pm WAT");
    }
}
