-- The funds every church starts with (docs/decisions/0227-giving.md); the office adds more and retires them.
INSERT INTO "giving_funds" ("name") VALUES ('Tithe'), ('Offering'), ('Building'), ('Missions'), ('Welfare')
ON CONFLICT DO NOTHING;
