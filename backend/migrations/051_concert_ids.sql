-- Each concert's sale is its own (issue 38 §1): tickets, the waiting list and its offers, the
-- mail-out, the erasure and the door list's salt carry the concert they belong to; persons,
-- memberships and mandates do not. Rows from before this migration belong to concert #1, which
-- is stored at start (modules/concert/seed.ts adopts them then: the concert is not yet a row here).

-- Tickets: rows 1..capacity per concert; one ticket per person per concert.
ALTER TABLE tickets ADD COLUMN concert_id INT REFERENCES concerts (id);
ALTER TABLE tickets DROP CONSTRAINT tickets_seq_key;
CREATE UNIQUE INDEX tickets_concert_seq_idx ON tickets (concert_id, seq);
DROP INDEX tickets_claim_idx;
CREATE INDEX tickets_claim_idx ON tickets (concert_id, hold_expires_at NULLS FIRST, seq) WHERE confirmed_at IS NULL;
DROP INDEX tickets_person_idx;
CREATE UNIQUE INDEX tickets_person_idx ON tickets (concert_id, person_id) WHERE person_id IS NOT NULL;
DROP INDEX tickets_confirmed_idx;
CREATE INDEX tickets_confirmed_idx ON tickets (concert_id, confirmed_at DESC, id DESC) WHERE confirmed_at IS NOT NULL;

-- The waiting list: one entry per address per concert.
ALTER TABLE queue_entries ADD COLUMN concert_id INT REFERENCES concerts (id);
ALTER TABLE queue_entries DROP CONSTRAINT queue_entries_email_key_key;
CREATE UNIQUE INDEX queue_entries_concert_email_idx ON queue_entries (concert_id, email_key);
DROP INDEX queue_entries_waiting_idx;
CREATE INDEX queue_entries_waiting_idx ON queue_entries (concert_id, confirmed_at, id) WHERE state = 'waiting' AND confirmed_at IS NOT NULL;
ALTER TABLE queue_offers ADD COLUMN concert_id INT REFERENCES concerts (id);

-- The mail-out: one schedule per concert (was one per database).
ALTER TABLE ticket_mailout DROP COLUMN id;
ALTER TABLE ticket_mailout ADD COLUMN concert_id INT REFERENCES concerts (id);
CREATE UNIQUE INDEX ticket_mailout_concert_idx ON ticket_mailout (concert_id);

-- The erasure: once per concert (was once per database).
ALTER TABLE sale_erasures ADD COLUMN concert_id INT REFERENCES concerts (id);
DROP INDEX sale_erasures_scheduled_once_idx;
CREATE UNIQUE INDEX sale_erasures_scheduled_once_idx ON sale_erasures (concert_id) WHERE trigger = 'scheduled';

-- The door list's salt: one per concert, so last year's list opens nothing this year.
ALTER TABLE door_list_salt DROP COLUMN only_one;
ALTER TABLE door_list_salt ADD COLUMN concert_id INT REFERENCES concerts (id);
CREATE UNIQUE INDEX door_list_salt_concert_idx ON door_list_salt (concert_id);
