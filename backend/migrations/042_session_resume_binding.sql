-- Issue 39 §9: a BankID return reference is redeemed only by the browser that started the order
-- (the hash of a secret that browser keeps), and the resumed session keeps its original start.
-- References made before this (no key) can no longer be redeemed.
ALTER TABLE session_resumes ADD COLUMN browser_key_hash TEXT;
ALTER TABLE session_resumes ADD COLUMN session_started_at TIMESTAMPTZ;
