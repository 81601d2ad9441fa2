-- A hold has its own identifier (what `register` answers as ticketId), new for every claim, so
-- no identifier of a released or expired hold reaches another visitor. The door code
-- (external_id) is minted when the ticket is confirmed and exists for confirmed tickets only.
ALTER TABLE tickets ALTER COLUMN external_id DROP NOT NULL;
ALTER TABLE tickets ALTER COLUMN external_id DROP DEFAULT;
UPDATE tickets SET external_id = NULL WHERE confirmed_at IS NULL;
ALTER TABLE tickets
  ADD COLUMN hold_id TEXT UNIQUE,
  -- The hold's absolute end; hold_expires_at is earlier while BankID has not identified the holder.
  ADD COLUMN hold_until TIMESTAMPTZ,
  -- Whom BankID identified as the holder (keyed hash): one live hold per person.
  ADD COLUMN holder_person_hash TEXT;
UPDATE tickets
SET hold_id = replace(gen_random_uuid()::text, '-', ''),
    hold_until = hold_expires_at
WHERE holder_uid IS NOT NULL AND confirmed_at IS NULL;
CREATE UNIQUE INDEX tickets_holder_person_idx ON tickets (holder_person_hash) WHERE holder_person_hash IS NOT NULL;
-- Live holds nobody has identified for: counted on every claim against their small budget.
CREATE INDEX tickets_unidentified_idx ON tickets (hold_expires_at)
  WHERE confirmed_at IS NULL AND holder_uid IS NOT NULL AND holder_person_hash IS NULL;

-- A hold that waits for a ticket: given when the budget of unidentified holds is spent but
-- tickets remain; the ticket is claimed when BankID identifies the holder.
CREATE TABLE pending_holds (
  session_uid TEXT PRIMARY KEY,
  hold_id TEXT NOT NULL UNIQUE,
  hold_until TIMESTAMPTZ NOT NULL
);
