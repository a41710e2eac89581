CREATE TABLE "list_answer_generations" (
	"shard" integer PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);

--> statement-breakpoint
-- Sixteen shards, as list_generations (server/db/schema/people.ts listAnswerGenerations says why).
INSERT INTO list_answer_generations (shard, n) SELECT s, 0 FROM generate_series(0, 15) s;
--> statement-breakpoint
CREATE FUNCTION list_answer_generations_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE list_answer_generations SET n = n + 1 WHERE shard = txid_current() % 16;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- What the member list's answer shows or filters by beyond what list_generations watches
-- (server/engines/listAnswers.ts): each write of these raises the version in its own transaction.
CREATE TRIGGER list_answer_generations_zones AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON zones
  FOR EACH STATEMENT EXECUTE FUNCTION list_answer_generations_bump();
--> statement-breakpoint
CREATE TRIGGER list_answer_generations_centers AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON centers
  FOR EACH STATEMENT EXECUTE FUNCTION list_answer_generations_bump();
--> statement-breakpoint
CREATE TRIGGER list_answer_generations_member_role_names AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON member_role_names
  FOR EACH STATEMENT EXECUTE FUNCTION list_answer_generations_bump();
--> statement-breakpoint
CREATE TRIGGER list_answer_generations_tags AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tags
  FOR EACH STATEMENT EXECUTE FUNCTION list_answer_generations_bump();
--> statement-breakpoint
CREATE TRIGGER list_answer_generations_person_tags AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON person_tags
  FOR EACH STATEMENT EXECUTE FUNCTION list_answer_generations_bump();
--> statement-breakpoint
CREATE TRIGGER list_answer_generations_households AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON households
  FOR EACH STATEMENT EXECUTE FUNCTION list_answer_generations_bump();
--> statement-breakpoint
CREATE TRIGGER list_answer_generations_household_members AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON household_members
  FOR EACH STATEMENT EXECUTE FUNCTION list_answer_generations_bump();
--> statement-breakpoint
CREATE TRIGGER list_answer_generations_files AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON files
  FOR EACH STATEMENT EXECUTE FUNCTION list_answer_generations_bump();
--> statement-breakpoint
CREATE TRIGGER list_answer_generations_custom_fields AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON custom_fields
  FOR EACH STATEMENT EXECUTE FUNCTION list_answer_generations_bump();
--> statement-breakpoint
CREATE TRIGGER list_answer_generations_custom_field_values AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON custom_field_values
  FOR EACH STATEMENT EXECUTE FUNCTION list_answer_generations_bump();
--> statement-breakpoint
CREATE TRIGGER list_answer_generations_member_stages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON member_stages
  FOR EACH STATEMENT EXECUTE FUNCTION list_answer_generations_bump();
--> statement-breakpoint
CREATE TRIGGER list_answer_generations_permissions AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON permissions
  FOR EACH STATEMENT EXECUTE FUNCTION list_answer_generations_bump();
--> statement-breakpoint
CREATE TRIGGER list_answer_generations_role_permissions AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON role_permissions
  FOR EACH STATEMENT EXECUTE FUNCTION list_answer_generations_bump();
--> statement-breakpoint
CREATE TRIGGER list_answer_generations_user_permissions AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_permissions
  FOR EACH STATEMENT EXECUTE FUNCTION list_answer_generations_bump();
