DROP INDEX "member_directory_converted_idx";--> statement-breakpoint
DROP INDEX "member_directory_converted_desc_idx";--> statement-breakpoint
DROP INDEX "member_directory_first_timers_idx";--> statement-breakpoint
DROP INDEX "member_directory_sur_name_idx";--> statement-breakpoint
DROP INDEX "member_directory_sur_name_desc_idx";--> statement-breakpoint
DROP INDEX "member_directory_first_name_idx";--> statement-breakpoint
DROP INDEX "member_directory_first_name_desc_idx";--> statement-breakpoint
DROP INDEX "member_directory_dob_idx";--> statement-breakpoint
DROP INDEX "member_directory_dob_desc_idx";--> statement-breakpoint
DROP INDEX "member_directory_gender_idx";--> statement-breakpoint
DROP INDEX "member_directory_gender_desc_idx";--> statement-breakpoint
DROP INDEX "member_directory_marital_idx";--> statement-breakpoint
DROP INDEX "member_directory_marital_desc_idx";--> statement-breakpoint
DROP INDEX "member_directory_employment_idx";--> statement-breakpoint
DROP INDEX "member_directory_employment_desc_idx";--> statement-breakpoint
DROP INDEX "member_directory_state_idx";--> statement-breakpoint
DROP INDEX "member_directory_state_desc_idx";--> statement-breakpoint
DROP INDEX "member_directory_email_idx";--> statement-breakpoint
DROP INDEX "member_directory_email_desc_idx";--> statement-breakpoint
DROP INDEX "member_directory_created_idx";--> statement-breakpoint
DROP INDEX "member_directory_created_desc_idx";--> statement-breakpoint
DROP INDEX "member_directory_disabled_idx";--> statement-breakpoint
DROP INDEX "member_directory_disabled_desc_idx";--> statement-breakpoint
DROP INDEX "member_directory_state_key_idx";--> statement-breakpoint
DROP INDEX "member_directory_zone_idx";--> statement-breakpoint
DROP INDEX "member_directory_center_idx";--> statement-breakpoint
-- No index holds is_first_timer or converted_at (see server/db/schema/directory.ts), so converting a
-- first-timer rewrites the directory row in its own page without touching an index (a HOT update)
-- when the page has room. A bulk conversion rewrites rows written together, so each page keeps half
-- its space free. The directory is derived data: it is refilled (before the indexes are built) so
-- that rows already there are laid out with that room too.
ALTER TABLE "member_directory" SET (fillfactor = 50);--> statement-breakpoint
TRUNCATE "member_directory";--> statement-breakpoint
UPDATE "member_directory_counts" SET "n" = 0;--> statement-breakpoint
SELECT member_directory_sync(array(SELECT id FROM users));--> statement-breakpoint
-- The first-timers: the member lists leave them out through this index (few beside the members).
CREATE INDEX "users_first_timers_idx" ON "users" USING btree ("id") WHERE "users"."is_first_timer";--> statement-breakpoint
CREATE INDEX "member_directory_sur_name_idx" ON "member_directory" USING btree ("sur_name","first_name","user_id") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_sur_name_desc_idx" ON "member_directory" USING btree ("sur_name" DESC NULLS FIRST,"first_name","user_id") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_first_name_idx" ON "member_directory" USING btree ("first_name","sur_name","user_id") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_first_name_desc_idx" ON "member_directory" USING btree ("first_name" DESC NULLS FIRST,"sur_name","user_id") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_dob_idx" ON "member_directory" USING btree ("date_of_birth","sur_name","first_name","user_id") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_dob_desc_idx" ON "member_directory" USING btree ("date_of_birth" DESC NULLS FIRST,"sur_name","first_name","user_id") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_gender_idx" ON "member_directory" USING btree ("gender","sur_name","first_name","user_id") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_gender_desc_idx" ON "member_directory" USING btree ("gender" DESC NULLS FIRST,"sur_name","first_name","user_id") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_marital_idx" ON "member_directory" USING btree ("marital_status","sur_name","first_name","user_id") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_marital_desc_idx" ON "member_directory" USING btree ("marital_status" DESC NULLS FIRST,"sur_name","first_name","user_id") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_employment_idx" ON "member_directory" USING btree ("employment_status","sur_name","first_name","user_id") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_employment_desc_idx" ON "member_directory" USING btree ("employment_status" DESC NULLS FIRST,"sur_name","first_name","user_id") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_state_idx" ON "member_directory" USING btree ("state","sur_name","first_name","user_id") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_state_desc_idx" ON "member_directory" USING btree ("state" DESC NULLS FIRST,"sur_name","first_name","user_id") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_email_idx" ON "member_directory" USING btree ("email","sur_name","first_name","user_id") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_email_desc_idx" ON "member_directory" USING btree ("email" DESC NULLS FIRST,"sur_name","first_name","user_id") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_created_idx" ON "member_directory" USING btree ("created_at","sur_name","first_name","user_id") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_created_desc_idx" ON "member_directory" USING btree ("created_at" DESC NULLS FIRST,"sur_name","first_name","user_id") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_disabled_idx" ON "member_directory" USING btree ("disabled","sur_name","first_name","user_id") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_disabled_desc_idx" ON "member_directory" USING btree ("disabled" DESC NULLS FIRST,"sur_name","first_name","user_id") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_state_key_idx" ON "member_directory" USING btree ("state_key","sur_name","first_name","user_id") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_zone_idx" ON "member_directory" USING btree ("zone_id","gender","sur_name","first_name","user_id") WHERE not "member_directory"."archived";--> statement-breakpoint
CREATE INDEX "member_directory_center_idx" ON "member_directory" USING btree ("center_id","sur_name","first_name","user_id") WHERE not "member_directory"."archived";--> statement-breakpoint
-- An update of users that changes only the flags the directory copies as they are (first-timer,
-- disabled, converted_at: a conversion, disable, enable) copies them onto the directory rows,
-- without recomputing names and search text from three tables; any other listed change still
-- goes through member_directory_sync.
CREATE FUNCTION member_directory_sync_users_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE member_directory d SET is_first_timer = n.is_first_timer, disabled = n.disabled, converted_at = n.converted_at
  FROM changed n JOIN previous o ON o.id = n.id
  WHERE d.user_id = n.id
    AND (n.email, n.first_name, n.sur_name, n.middle_name, n.mobile1, n.gender, n.created_at)
      IS NOT DISTINCT FROM (o.email, o.first_name, o.sur_name, o.middle_name, o.mobile1, o.gender, o.created_at)
    AND (d.is_first_timer, d.disabled, d.converted_at) IS DISTINCT FROM (n.is_first_timer, n.disabled, n.converted_at);
  PERFORM member_directory_sync(array(
    SELECT n.id FROM changed n JOIN previous o ON o.id = n.id
    WHERE (n.email, n.first_name, n.sur_name, n.middle_name, n.mobile1, n.gender, n.created_at)
      IS DISTINCT FROM (o.email, o.first_name, o.sur_name, o.middle_name, o.mobile1, o.gender, o.created_at)));
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER member_directory_users_update ON users;
--> statement-breakpoint
CREATE TRIGGER member_directory_users_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS previous NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_directory_sync_users_update();
