CREATE TABLE "giving_fund_totals" (
	"fund_id" uuid NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"splits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "giving_fund_totals_fund_id_day_currency_pk" PRIMARY KEY("fund_id","day","currency")
);
--> statement-breakpoint
ALTER TABLE "giving_fund_totals" ADD CONSTRAINT "giving_fund_totals_fund_id_giving_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."giving_funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "giving_fund_totals_day_idx" ON "giving_fund_totals" USING btree ("day");--> statement-breakpoint
-- Giving's kept totals per fund, day and currency (docs/decisions/0245): statement triggers with
-- transition tables on contribution_splits, contributions and giving_batches add what each
-- statement made count and take off what it made stop counting, in the statement's own
-- transaction; only a contribution's deletion is seen row by row (below).
-- What counts, as server/modules/giving/counted.ts says it: an approved refund or correction
-- (outside batches), or an entry of an approved batch. Inlined where it is used.
CREATE FUNCTION giving_counts(batch_id uuid, approved_at timestamptz, batch_state text) RETURNS boolean
  LANGUAGE sql IMMUTABLE AS $$ SELECT (batch_id IS NULL AND approved_at IS NOT NULL) OR batch_state IS NOT DISTINCT FROM 'approved' $$;
--> statement-breakpoint
-- A refund or reversal counts against the gift.
CREATE FUNCTION giving_signed(kind text, amount bigint) RETURNS bigint
  LANGUAGE sql IMMUTABLE AS $$ SELECT CASE WHEN kind = 'gift' THEN amount ELSE -amount END $$;
--> statement-breakpoint
-- Adds the changes, summed per key, in one upsert in key order: two transactions that touch the
-- same days lock their rows in the same order. A change that nets nothing writes nothing.
CREATE FUNCTION giving_fund_totals_add(fund_ids uuid[], days date[], currencies text[], amounts bigint[], counts bigint[])
  RETURNS void LANGUAGE sql AS $$
  INSERT INTO giving_fund_totals AS t (fund_id, day, currency, amount, splits)
  SELECT fund_id, day, currency, sum(amount), sum(n)
  FROM unnest(fund_ids, days, currencies, amounts, counts) AS d(fund_id, day, currency, amount, n)
  GROUP BY 1, 2, 3
  HAVING sum(amount) <> 0 OR sum(n) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (fund_id, day, currency)
    DO UPDATE SET amount = t.amount + excluded.amount, splits = t.splits + excluded.splits
$$;
--> statement-breakpoint
-- Splits added (sign 1) or taken away (-1), counted by their contribution as it is now.
CREATE FUNCTION giving_fund_totals_add_splits(contribution_ids uuid[], fund_ids uuid[], amounts bigint[], signs int[])
  RETURNS void LANGUAGE sql AS $$
  SELECT giving_fund_totals_add(array_agg(d.fund_id), array_agg(d.day), array_agg(d.currency), array_agg(d.amount), array_agg(d.n))
  FROM (
    SELECT s.fund_id, c.date AS day, c.currency, sum(s.sign * giving_signed(c.kind, s.amount))::bigint AS amount, sum(s.sign)::bigint AS n
    FROM unnest(contribution_ids, fund_ids, amounts, signs) AS s(contribution_id, fund_id, amount, sign)
      JOIN contributions c ON c.id = s.contribution_id
      LEFT JOIN giving_batches b ON b.id = c.batch_id
    WHERE giving_counts(c.batch_id, c.approved_at, b.state)
    GROUP BY 1, 2, 3
  ) d
$$;
--> statement-breakpoint
CREATE FUNCTION giving_fund_totals_splits() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM giving_fund_totals_add_splits(array_agg(contribution_id), array_agg(fund_id), array_agg(amount), array_agg(1)) FROM added;
  ELSIF TG_OP = 'DELETE' THEN
    -- The splits of a contribution deleted with them find no contribution here: its own trigger took them off.
    PERFORM giving_fund_totals_add_splits(array_agg(contribution_id), array_agg(fund_id), array_agg(amount), array_agg(-1)) FROM removed;
  ELSE
    PERFORM giving_fund_totals_add_splits(array_agg(contribution_id), array_agg(fund_id), array_agg(amount), array_agg(sign))
    FROM (SELECT contribution_id, fund_id, amount, 1 AS sign FROM added
          UNION ALL SELECT contribution_id, fund_id, amount, -1 FROM removed) x;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER giving_fund_totals_splits_insert AFTER INSERT ON contribution_splits
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION giving_fund_totals_splits();
--> statement-breakpoint
CREATE TRIGGER giving_fund_totals_splits_update AFTER UPDATE ON contribution_splits
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION giving_fund_totals_splits();
--> statement-breakpoint
CREATE TRIGGER giving_fund_totals_splits_delete AFTER DELETE ON contribution_splits
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION giving_fund_totals_splits();
--> statement-breakpoint
-- A contribution whose counting, day, currency or kind changed: its splits off as it was, on as it is.
-- A new contribution has no splits yet: their insert counts them.
CREATE FUNCTION giving_fund_totals_contributions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM giving_fund_totals_add(array_agg(d.fund_id), array_agg(d.day), array_agg(d.currency), array_agg(d.amount), array_agg(d.n))
  FROM (
    SELECT s.fund_id, x.date AS day, x.currency, sum(x.sign * giving_signed(x.kind, s.amount))::bigint AS amount, sum(x.sign)::bigint AS n
    FROM (
      SELECT o.id, o.date, o.currency, o.kind, o.batch_id, o.approved_at, -1 AS sign
        FROM previous o JOIN changed n ON n.id = o.id
        WHERE (o.date, o.currency, o.kind, o.batch_id, o.approved_at IS NULL) IS DISTINCT FROM (n.date, n.currency, n.kind, n.batch_id, n.approved_at IS NULL)
      UNION ALL
      SELECT n.id, n.date, n.currency, n.kind, n.batch_id, n.approved_at, 1
        FROM changed n JOIN previous o ON o.id = n.id
        WHERE (o.date, o.currency, o.kind, o.batch_id, o.approved_at IS NULL) IS DISTINCT FROM (n.date, n.currency, n.kind, n.batch_id, n.approved_at IS NULL)
    ) x
      JOIN contribution_splits s ON s.contribution_id = x.id
      LEFT JOIN giving_batches b ON b.id = x.batch_id
    WHERE giving_counts(x.batch_id, x.approved_at, b.state)
    GROUP BY 1, 2, 3
  ) d;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER giving_fund_totals_contributions_update AFTER UPDATE ON contributions
  REFERENCING OLD TABLE AS previous NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION giving_fund_totals_contributions();
--> statement-breakpoint
-- A counted contribution deleted (Flock never deletes one; by hand it may be): its splits go with
-- it by the cascade, after which nothing tells their day, so they are taken off before, row by row.
CREATE FUNCTION giving_fund_totals_contribution_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF giving_counts(OLD.batch_id, OLD.approved_at, (SELECT state FROM giving_batches WHERE id = OLD.batch_id)) THEN
    PERFORM giving_fund_totals_add(array_agg(s.fund_id), array_agg(OLD.date), array_agg(OLD.currency),
      array_agg(-giving_signed(OLD.kind, s.amount)), array_agg(-1::bigint))
    FROM contribution_splits s WHERE s.contribution_id = OLD.id;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER giving_fund_totals_contribution_deleted BEFORE DELETE ON contributions
  FOR EACH ROW EXECUTE FUNCTION giving_fund_totals_contribution_deleted();
--> statement-breakpoint
-- A batch approved brings its entries in; one that stops being approved (never in Flock) takes them out.
CREATE FUNCTION giving_fund_totals_batches() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM giving_fund_totals_add(array_agg(d.fund_id), array_agg(d.day), array_agg(d.currency), array_agg(d.amount), array_agg(d.n))
  FROM (
    SELECT s.fund_id, c.date AS day, c.currency, sum(x.sign * giving_signed(c.kind, s.amount))::bigint AS amount, sum(x.sign)::bigint AS n
    FROM (
      SELECT n.id, CASE WHEN n.state = 'approved' THEN 1 ELSE -1 END AS sign
        FROM changed n JOIN previous o ON o.id = n.id
        WHERE (n.state = 'approved') <> (o.state = 'approved')
    ) x
      JOIN contributions c ON c.batch_id = x.id
      JOIN contribution_splits s ON s.contribution_id = c.id
    GROUP BY 1, 2, 3
  ) d;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER giving_fund_totals_batches_update AFTER UPDATE ON giving_batches
  REFERENCING OLD TABLE AS previous NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION giving_fund_totals_batches();
--> statement-breakpoint
-- What already counts.
INSERT INTO giving_fund_totals (fund_id, day, currency, amount, splits)
  SELECT s.fund_id, c.date, c.currency, sum(giving_signed(c.kind, s.amount)), count(*)
  FROM contributions c
    JOIN contribution_splits s ON s.contribution_id = c.id
    LEFT JOIN giving_batches b ON b.id = c.batch_id
  WHERE giving_counts(c.batch_id, c.approved_at, b.state)
  GROUP BY 1, 2, 3;
