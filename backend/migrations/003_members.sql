-- Members and their autogiro mandates. A person is identified by the personal number BankID
-- confirmed; what they signed (amount, account) is stored exactly as signed.
CREATE TABLE persons (
  id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
  personal_number TEXT NOT NULL UNIQUE,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT,
  phone TEXT,
  address TEXT,
  zip_code TEXT,
  city TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE memberships (
  person_id UUID PRIMARY KEY REFERENCES persons (id),
  contact_id TEXT NOT NULL UNIQUE DEFAULT substr(replace(gen_random_uuid()::text, '-', ''), 1, 12),
  approved_date DATE,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE autogiro_mandates (
  id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
  person_id UUID NOT NULL UNIQUE REFERENCES persons (id),
  state TEXT NOT NULL CHECK (state IN ('pending', 'active', 'cancelled')),
  monthly_amount INT NOT NULL CHECK (monthly_amount > 0),
  bank TEXT,
  clearing_number TEXT,
  account_number TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Every change of a mandate's amount, and the BankID signature it came from.
CREATE TABLE mandate_amount_history (
  id BIGSERIAL PRIMARY KEY,
  mandate_id UUID NOT NULL REFERENCES autogiro_mandates (id),
  old_amount INT,
  new_amount INT NOT NULL,
  bankid_transaction_id UUID,
  changed_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- A confirmed ticket names its attendee: a signed-up person, or someone staff added by hand.
ALTER TABLE tickets
  ADD COLUMN person_id UUID REFERENCES persons (id),
  ADD COLUMN attendee_first_name TEXT,
  ADD COLUMN attendee_last_name TEXT,
  ADD COLUMN attendee_email TEXT,
  ADD COLUMN manually_added BOOLEAN NOT NULL DEFAULT false;
CREATE UNIQUE INDEX tickets_person_idx ON tickets (person_id) WHERE person_id IS NOT NULL;
