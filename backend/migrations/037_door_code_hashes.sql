-- Door codes at rest as keyed hashes (issue 30 point 9d): a ticket is found by the HMAC-SHA256 of
-- its code under a key derived from PII_KEY (door_code_hash), and the code itself is kept only
-- sealed (door_code_sealed, AES-GCM bound to the hash) for the ticket page, the mail-out and an
-- export the office asks for. A copy of the table opens no door.
--
-- The existing plain codes (external_id) cannot be hashed here (the key is not in the
-- database): the backend converts them at start (prepare-database.ts, convertPlainDoorCodes),
-- in batches, and empties external_id; nothing writes it any more.
ALTER TABLE tickets
  ADD COLUMN door_code_hash TEXT,
  ADD COLUMN door_code_sealed TEXT,
  ADD CONSTRAINT tickets_door_code_hash_key UNIQUE (door_code_hash),
  ADD CONSTRAINT tickets_door_code_both CHECK ((door_code_hash IS NULL) = (door_code_sealed IS NULL));
