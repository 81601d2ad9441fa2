-- One-time references that let the BankID app's return resume a session in whatever tab the phone
-- opens (issue 29): only the reference's hash is kept; it is good once, for a few minutes.
CREATE TABLE session_resumes (
  code_hash TEXT PRIMARY KEY,
  session_uid TEXT NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  used_at TIMESTAMPTZ
);
CREATE INDEX session_resumes_expires_idx ON session_resumes (expires_at);
