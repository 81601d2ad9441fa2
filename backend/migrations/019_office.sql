-- The office's work: the ticket mail-out, the scheduled erasure, and indexes for the dashboard,
-- the attendee list and the audit log's search.

-- The ticket mail-out: when the ticket e-mail goes to every confirmed attendee. One row; the
-- office schedules it (now or at a time), the scheduler releases it when the time comes, and
-- from then on every ticket confirmed later gets its e-mail at once.
CREATE TABLE ticket_mailout (
  id BOOLEAN PRIMARY KEY DEFAULT true CHECK (id),
  send_at TIMESTAMPTZ NOT NULL,
  scheduled_by UUID REFERENCES staff (id),
  scheduled_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  released_at TIMESTAMPTZ
);

-- One ticket e-mail per confirmed ticket, however often the mail-out is pressed, a scheduler
-- runs twice or a process restarts: the primary key is the ticket. The outbox row is named
-- without a foreign key: the outbox may be emptied (tests, a cleanup) without this table.
CREATE TABLE ticket_mailout_emails (
  ticket_id BIGINT PRIMARY KEY REFERENCES tickets (id),
  outbox_id UUID NOT NULL UNIQUE,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Every erasure of the sale's personal data: the scheduled one (at most once, claimed by the
-- unique index so two processes cannot both run it) and early runs by the office. Counts only.
CREATE TABLE sale_erasures (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at TIMESTAMPTZ NOT NULL DEFAULT now(),
  trigger TEXT NOT NULL CHECK (trigger IN ('scheduled', 'early')),
  staff_id UUID REFERENCES staff (id),
  counts JSONB NOT NULL
);
CREATE UNIQUE INDEX sale_erasures_scheduled_once_idx ON sale_erasures (trigger) WHERE trigger = 'scheduled';

-- The attendee list, newest first (keyset), and the dashboard's tickets per minute.
CREATE INDEX tickets_confirmed_idx ON tickets (confirmed_at DESC, id DESC) WHERE confirmed_at IS NOT NULL;
-- Today's funnel reads only today's BankID orders, from the index alone.
CREATE INDEX bankid_transactions_created_idx ON bankid_transactions (created_at) INCLUDE (kind, session_uid, status, applied_outcome);
-- The chart reads the last minutes of signed amounts.
CREATE INDEX mandate_amount_history_changed_idx ON mandate_amount_history (changed_at) WHERE bankid_transaction_id IS NOT NULL;
-- How a ticket was obtained: the signed amount changes of its person's mandate.
CREATE INDEX mandate_amount_history_mandate_idx ON mandate_amount_history (mandate_id);
-- The audit log by subject (a ticket's history).
CREATE INDEX audit_log_subject_idx ON audit_log (subject, at DESC) WHERE subject IS NOT NULL;
