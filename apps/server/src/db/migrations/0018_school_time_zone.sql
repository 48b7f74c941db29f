-- Each school's time zone (issue #29; scoring-and-metrics.md "Readings fixed later": calendar days
-- are days in the school's time zone, default Asia/Kolkata). Screens, CSV files, the daily progress
-- chart and the per-day rollups (student_daily_stats, the *_by_day maps) use it.
--
-- An IANA name: Area/Location or UTC, never an abbreviation ('IST' is Israel's to PostgreSQL), and one
-- the server's time-zone database knows: `at time zone` raises an error for an unknown name
-- (timezone(text, timestamptz) is immutable, so it may sit in a CHECK). packages/domain isTimeZone is
-- the same rule.
--
-- Changing a school's zone moves its students' days: reindex them afterwards (docs/OPERATIONS.md).
alter table schools add column time_zone text not null default 'Asia/Kolkata'
  constraint schools_time_zone_check check (
    time_zone ~ '^(UTC|[A-Z][A-Za-z_]+(/[A-Za-z0-9_+-]+)+)$'
    and (timestamptz '2000-01-01 00:00:00+00' at time zone time_zone) is not null
  );
