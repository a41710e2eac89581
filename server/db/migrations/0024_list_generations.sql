CREATE TABLE "list_generations" (
	"shard" integer PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
-- Sixteen shards, each counting the writing statements of the transactions whose id falls in it
-- (server/db/schema/directory.ts listGenerations says why).
INSERT INTO list_generations (shard, n) SELECT s, 0 FROM generate_series(0, 15) s;
--> statement-breakpoint
CREATE FUNCTION list_generations_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE list_generations SET n = n + 1 WHERE shard = txid_current() % 16;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The directory's triggers run a sync on every write of users, biodata and affiliations; most
-- (a login, a password change) leave the directory as it was, and should not void every total.
CREATE FUNCTION list_generations_bump_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT FROM changed) THEN
    UPDATE list_generations SET n = n + 1 WHERE shard = txid_current() % 16;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- What the member lists' conditions and totals read (server/db/listTotals.ts WATCHED): the
-- directory (its counts and search texts are written with it), and the tables of the department
-- and role filters. Of users, only who is a first-timer.
CREATE TRIGGER list_generations_directory_insert AFTER INSERT ON member_directory
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION list_generations_bump_changed();
--> statement-breakpoint
CREATE TRIGGER list_generations_directory_update AFTER UPDATE ON member_directory
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION list_generations_bump_changed();
--> statement-breakpoint
CREATE TRIGGER list_generations_directory_delete AFTER DELETE ON member_directory
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION list_generations_bump_changed();
--> statement-breakpoint
CREATE TRIGGER list_generations_directory_truncate AFTER TRUNCATE ON member_directory
  FOR EACH STATEMENT EXECUTE FUNCTION list_generations_bump();
--> statement-breakpoint
CREATE TRIGGER list_generations_users AFTER INSERT OR UPDATE OF is_first_timer OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION list_generations_bump();
--> statement-breakpoint
CREATE TRIGGER list_generations_user_departments AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_departments
  FOR EACH STATEMENT EXECUTE FUNCTION list_generations_bump();
--> statement-breakpoint
CREATE TRIGGER list_generations_departments AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON departments
  FOR EACH STATEMENT EXECUTE FUNCTION list_generations_bump();
--> statement-breakpoint
CREATE TRIGGER list_generations_user_roles AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_roles
  FOR EACH STATEMENT EXECUTE FUNCTION list_generations_bump();
--> statement-breakpoint
CREATE TRIGGER list_generations_roles AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION list_generations_bump();
