CREATE TABLE "member_role_names" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"names" text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_role_names" ADD CONSTRAINT "member_role_names_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The role names of the given users from user_roles: a row where they hold a role (written only
-- where the names changed), none where they hold none.
CREATE FUNCTION member_role_names_sync(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM member_role_names m USING unnest(ids) AS i(id)
  WHERE m.user_id = i.id AND NOT EXISTS (SELECT FROM user_roles ur WHERE ur.user_id = i.id);
  INSERT INTO member_role_names AS m (user_id, names)
  SELECT ur.user_id, array_agg(r.name ORDER BY r.name)
  FROM unnest(ids) AS i(id) JOIN user_roles ur ON ur.user_id = i.id JOIN roles r ON r.id = ur.role_id
  GROUP BY ur.user_id
  ON CONFLICT (user_id) DO UPDATE SET names = excluded.names WHERE m.names IS DISTINCT FROM excluded.names;
$$;
--> statement-breakpoint
CREATE FUNCTION member_role_names_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM member_role_names_sync(array(SELECT DISTINCT user_id FROM changed));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION member_role_names_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM member_role_names_sync(array(SELECT user_id FROM removed UNION SELECT user_id FROM added));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION member_role_names_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM member_role_names_sync(array(
    SELECT DISTINCT ur.user_id FROM user_roles ur JOIN added a ON a.id = ur.role_id
    JOIN removed r ON r.id = a.id WHERE r.name IS DISTINCT FROM a.name));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER member_role_names_insert AFTER INSERT ON user_roles
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_role_names_changed();
--> statement-breakpoint
CREATE TRIGGER member_role_names_delete AFTER DELETE ON user_roles
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_role_names_changed();
--> statement-breakpoint
CREATE TRIGGER member_role_names_update AFTER UPDATE ON user_roles
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION member_role_names_moved();
--> statement-breakpoint
CREATE TRIGGER member_role_names_roles_update AFTER UPDATE ON roles
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION member_role_names_renamed();
--> statement-breakpoint
INSERT INTO member_role_names (user_id, names)
SELECT ur.user_id, array_agg(r.name ORDER BY r.name) FROM user_roles ur JOIN roles r ON r.id = ur.role_id GROUP BY ur.user_id;
