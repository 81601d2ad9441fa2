-- The door: devices staff check people in on, every check-in as an event (online, offline
-- synchronised, undone, or a conflict between two offline devices), and which device let a
-- ticket in.

-- A door device: an id the device made itself (kept in its storage) and a label staff give it
-- ("Dörr 1"), shown as "checked in at 19:42 on Dörr 1".
CREATE TABLE door_devices (
  id UUID PRIMARY KEY,
  label TEXT NOT NULL CHECK (length(label) BETWEEN 1 AND 40),
  registered_by UUID NOT NULL REFERENCES staff (id),
  registered_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

ALTER TABLE tickets
  ADD COLUMN scanned_device UUID REFERENCES door_devices (id);

-- Every check-in event, in order (the id is the door devices' change cursor):
--   in        the ticket was let in (scanned_at set by this event)
--   undo      that check-in was taken back
--   conflict  an offline check-in of a ticket another device had already let in: counted once,
--             kept here with both times so staff see it
-- An offline check-in is identified by its device and the id the device gave it: a batch sent
-- twice (the answer was lost) is answered from here and changes nothing.
CREATE TABLE check_in_events (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ticket_id BIGINT NOT NULL REFERENCES tickets (id),
  kind TEXT NOT NULL CHECK (kind IN ('in', 'undo', 'conflict')),
  device_id UUID REFERENCES door_devices (id),
  client_check_in_id UUID,
  staff_id UUID REFERENCES staff (id),
  -- When it happened at the door (an offline check-in: the device's clock, never in the future).
  at TIMESTAMPTZ NOT NULL,
  recorded_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  -- A conflict: when and where the ticket had already been let in.
  first_at TIMESTAMPTZ,
  first_device UUID REFERENCES door_devices (id)
);
CREATE UNIQUE INDEX check_in_events_client_idx ON check_in_events (device_id, client_check_in_id) WHERE client_check_in_id IS NOT NULL;
CREATE INDEX check_in_events_ticket_idx ON check_in_events (ticket_id, id DESC);

-- The door's live count reads these two numbers every few seconds on every device.
CREATE INDEX tickets_confirmed_scanned_idx ON tickets (confirmed_at, scanned_at) WHERE confirmed_at IS NOT NULL;

-- Codes and e-mails in the door's offline list are salted hashes (a lost phone gives away no
-- door code and no address); the salt is the same for every device of this deployment.
CREATE TABLE door_list_salt (
  only_one BOOLEAN PRIMARY KEY DEFAULT true CHECK (only_one),
  salt TEXT NOT NULL
);
INSERT INTO door_list_salt (salt) VALUES (replace(gen_random_uuid()::text, '-', ''));
