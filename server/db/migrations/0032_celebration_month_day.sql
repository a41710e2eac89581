-- The birthday and anniversary lists ask "month and day between" (docs/decisions/0208-birthdays-and-anniversaries.md).
-- flock_month_day(d) is month * 100 + day (29 February is 229); IMMUTABLE, so indexes may hold it.
CREATE FUNCTION flock_month_day(d date) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT (extract(month FROM d) * 100 + extract(day FROM d))::integer $$;
--> statement-breakpoint
-- Listed people with a date of birth, by month-day: a week is one or two range scans (two across the year end).
CREATE INDEX member_directory_birthday_idx ON member_directory (flock_month_day(date_of_birth), user_id)
WHERE date_of_birth IS NOT NULL AND NOT archived;
--> statement-breakpoint
CREATE INDEX spouses_anniversary_idx ON spouses (flock_month_day(wedding_anniversary), user_id)
WHERE wedding_anniversary IS NOT NULL;
