-- Personal numbers and account numbers at rest: a keyed hash to look a person up, sealed
-- (AES-GCM) copies to read them; no plaintext column remains. The keys are outside the
-- database (PII_KEY), so neither can be computed here: as no production data exists yet,
-- members and their tickets from before this migration (demo data only) are removed and the
-- demo seed adds the fixture members again.
TRUNCATE persons CASCADE;
ALTER TABLE persons
  DROP COLUMN personal_number,
  ADD COLUMN personal_number_hash TEXT NOT NULL UNIQUE,
  ADD COLUMN personal_number_sealed TEXT NOT NULL;
ALTER TABLE autogiro_mandates
  DROP COLUMN account_number,
  ADD COLUMN account_number_sealed TEXT;
