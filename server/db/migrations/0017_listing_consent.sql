ALTER TABLE "member_directory" ADD COLUMN "hidden_from_leaders" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "member_directory_hidden_idx" ON "member_directory" USING btree ("user_id") WHERE "member_directory"."hidden_from_leaders";--> statement-breakpoint
-- A person's newest 'listing' choice decides; consents are only ever added, so the newest row
-- written is the choice in force.
UPDATE member_directory d SET hidden_from_leaders = true
WHERE (SELECT NOT c.granted FROM consents c WHERE c.user_id = d.user_id AND c.category = 'listing'
       ORDER BY c.created_at DESC, c.id DESC LIMIT 1);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_directory_listing_consent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE member_directory SET hidden_from_leaders = NOT NEW.granted
  WHERE user_id = NEW.user_id AND hidden_from_leaders IS DISTINCT FROM NOT NEW.granted;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER consents_listing_to_directory AFTER INSERT ON consents
FOR EACH ROW WHEN (NEW.category = 'listing') EXECUTE FUNCTION member_directory_listing_consent();
