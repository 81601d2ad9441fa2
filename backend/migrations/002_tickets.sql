-- One row per ticket the concert has (seq 1..capacity, created at start). A visitor claims a
-- free row with FOR UPDATE SKIP LOCKED; a hold whose hold_expires_at has passed is free
-- again without any job having to run first. A uid holds at most one unconfirmed ticket.
CREATE TABLE tickets (
  id BIGSERIAL PRIMARY KEY,
  seq INT NOT NULL UNIQUE,
  -- What the door scans; random so that it cannot be guessed.
  external_id TEXT NOT NULL UNIQUE DEFAULT replace(gen_random_uuid()::text, '-', ''),
  holder_uid TEXT,
  hold_expires_at TIMESTAMPTZ,
  confirmed_at TIMESTAMPTZ,
  scanned_at TIMESTAMPTZ
);
CREATE INDEX tickets_free_idx ON tickets (seq) WHERE confirmed_at IS NULL;
CREATE UNIQUE INDEX tickets_holder_idx ON tickets (holder_uid) WHERE holder_uid IS NOT NULL;
