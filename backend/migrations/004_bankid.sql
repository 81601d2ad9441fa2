-- BankID orders started by visitor sessions. The id is the opaque transactionId the browser
-- sees; qr_start_secret never leaves the server. For a sign, what is signed is bound here at
-- start (sign_request) and applied exactly once at completion (applied_outcome).
CREATE TABLE bankid_transactions (
  id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
  session_uid TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('auth', 'sign')),
  order_ref TEXT NOT NULL UNIQUE,
  auto_start_token TEXT NOT NULL,
  qr_start_token TEXT NOT NULL,
  qr_start_secret TEXT NOT NULL,
  personal_number TEXT NOT NULL,
  sign_request JSONB,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'complete', 'failed', 'cancelled')),
  hint_code TEXT,
  completed_user JSONB,
  -- 'applied' or the error id the visitor got (e.g. ticketExpired); NULL until completion.
  applied_outcome TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  completed_at TIMESTAMPTZ
);
CREATE INDEX bankid_transactions_session_idx ON bankid_transactions (session_uid);

-- The personal number BankID authenticated for a visitor session; getPersonalInfo answers only for it.
CREATE TABLE session_identities (
  session_uid TEXT PRIMARY KEY,
  personal_number TEXT NOT NULL,
  given_name TEXT NOT NULL,
  surname TEXT NOT NULL,
  email TEXT,
  authenticated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Bank-account retrievals started by a session; only that session may poll them.
CREATE TABLE bank_account_requests (
  public_id TEXT PRIMARY KEY,
  session_uid TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
