-- Duplicates and merges (docs/decisions/0211-duplicates-and-merge.md).
-- A phone number's key as duplicates compare it: its digits, the last ten of them (so +234 803 ...
-- and 0803 ... meet), and none below seven digits (not a phone number).
CREATE FUNCTION flock_phone_key(p text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT
AS $$ SELECT CASE WHEN length(regexp_replace(p, '\D', '', 'g')) >= 7 THEN right(regexp_replace(p, '\D', '', 'g'), 10) END $$;
--> statement-breakpoint
-- The quick add's check of one person looks each kind of match up through these (the birth date
-- through member_directory_dob_idx); the suggestions join on the same expressions.
CREATE INDEX member_directory_phone_key_idx ON member_directory (flock_phone_key(phone)) WHERE NOT archived;
--> statement-breakpoint
CREATE INDEX member_directory_email_key_idx ON member_directory (lower(email)) WHERE NOT archived;
--> statement-breakpoint
-- The audit log stays append-only, with a third declared exception: a merge's transaction names
-- the pair (flock.audit_merge = '<merged id>><kept id>') and may change an entry's subject or
-- actor from the merged record to the kept one, and nothing else.
CREATE OR REPLACE FUNCTION audit_logs_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cutoff text := nullif(current_setting('flock.audit_retention_before', true), '');
  erasing text := nullif(current_setting('flock.audit_erasure_of', true), '');
  merging text := nullif(current_setting('flock.audit_merge', true), '');
  merged uuid;
  kept uuid;
BEGIN
  IF TG_OP = 'DELETE' AND TG_TABLE_NAME = 'audit_logs' AND cutoff IS NOT NULL THEN
    IF OLD.created_at < cutoff::timestamptz THEN
      RETURN OLD;
    END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND erasing IS NOT NULL
     AND NEW.id = OLD.id AND NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id AND NEW.action = OLD.action
     AND NEW.entity = OLD.entity AND NEW.entity_id IS NOT DISTINCT FROM OLD.entity_id
     AND NEW.subject_id IS NOT DISTINCT FROM OLD.subject_id AND NEW.outcome = OLD.outcome
     AND NEW.created_at = OLD.created_at THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND merging IS NOT NULL THEN
    merged := split_part(merging, '>', 1)::uuid;
    kept := split_part(merging, '>', 2)::uuid;
    IF NEW.id = OLD.id AND NEW.action = OLD.action AND NEW.entity = OLD.entity
       AND NEW.entity_id IS NOT DISTINCT FROM OLD.entity_id AND NEW.outcome = OLD.outcome
       AND NEW.before IS NOT DISTINCT FROM OLD.before AND NEW.after IS NOT DISTINCT FROM OLD.after
       AND NEW.ip IS NOT DISTINCT FROM OLD.ip AND NEW.created_at = OLD.created_at
       AND (NEW.subject_id IS NOT DISTINCT FROM OLD.subject_id OR (OLD.subject_id = merged AND NEW.subject_id = kept))
       AND (NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id OR (OLD.actor_id = merged AND NEW.actor_id = kept)) THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
