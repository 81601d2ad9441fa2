-- The waiting list when tickets are sold out; id keeps the order people joined in.
CREATE TABLE queue_entries (
  id BIGSERIAL PRIMARY KEY,
  email TEXT NOT NULL,
  email_key TEXT NOT NULL UNIQUE,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  lang TEXT NOT NULL DEFAULT 'sv',
  session_uid TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
