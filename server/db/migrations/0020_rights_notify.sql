-- Signed-in calls keep each caller's rights in memory (server/modules/auth/sessions.ts). Any
-- committed change of what sessionStateOf reads tells every connection listening on
-- 'flock_rights', in this server and in others sharing the database, to forget what they keep.
-- One notice per statement: rights change rarely, and a bulk change (10,000 conversions) should
-- not queue 10,000 notices.
CREATE OR REPLACE FUNCTION flock_rights_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('flock_rights', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_rights_changed AFTER UPDATE OF token_version, disabled OR DELETE OR TRUNCATE ON users
FOR EACH STATEMENT EXECUTE FUNCTION flock_rights_changed();
--> statement-breakpoint
CREATE TRIGGER user_roles_rights_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_roles
FOR EACH STATEMENT EXECUTE FUNCTION flock_rights_changed();
--> statement-breakpoint
CREATE TRIGGER user_permissions_rights_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_permissions
FOR EACH STATEMENT EXECUTE FUNCTION flock_rights_changed();
--> statement-breakpoint
CREATE TRIGGER role_permissions_rights_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON role_permissions
FOR EACH STATEMENT EXECUTE FUNCTION flock_rights_changed();
--> statement-breakpoint
CREATE TRIGGER roles_rights_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON roles
FOR EACH STATEMENT EXECUTE FUNCTION flock_rights_changed();
--> statement-breakpoint
CREATE TRIGGER permissions_rights_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON permissions
FOR EACH STATEMENT EXECUTE FUNCTION flock_rights_changed();
--> statement-breakpoint
-- A CIH role grants the permissions of the role of that name.
CREATE TRIGGER church_affiliations_rights_changed AFTER INSERT OR UPDATE OF cih_role, user_id OR DELETE OR TRUNCATE ON church_affiliations
FOR EACH STATEMENT EXECUTE FUNCTION flock_rights_changed();
