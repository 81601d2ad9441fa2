-- Invitations (issue 40 §3): the office gives a role to an address that has never signed in (door
-- volunteers, the week before). The role applies at that address's first sign-in, and the
-- invitation goes (it is used); the office can withdraw it before. One per address, compared
-- case-insensitively (email_key = lower(email)). Who invited is a staff row (kept for the list
-- and the audit log, which records every invitation and withdrawal).
CREATE TABLE staff_invitations (
  email_key TEXT PRIMARY KEY CHECK (email_key = lower(email_key)),
  email TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('door', 'office')),
  invited_by UUID NOT NULL REFERENCES staff (id),
  invited_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
