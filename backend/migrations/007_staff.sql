-- Staff who have signed in with a work account, identified by the token's issuer and subject
-- (the e-mail can change; issuer + subject cannot). Seen again at most about once a minute.
-- is_copy_admin is the right to edit the copy; copy admins grant and revoke it.
CREATE TABLE staff (
  id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
  issuer TEXT NOT NULL,
  subject TEXT NOT NULL,
  email TEXT NOT NULL,
  name TEXT,
  is_copy_admin BOOLEAN NOT NULL DEFAULT false,
  copy_admin_changed_by TEXT,
  copy_admin_changed_at TIMESTAMPTZ,
  first_seen_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  last_seen_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (issuer, subject)
);
CREATE INDEX staff_email_idx ON staff (lower(email));

-- Who let a ticket in at the door, and who added an attendee by hand.
ALTER TABLE tickets
  ADD COLUMN scanned_by UUID REFERENCES staff (id),
  ADD COLUMN added_by UUID REFERENCES staff (id);
