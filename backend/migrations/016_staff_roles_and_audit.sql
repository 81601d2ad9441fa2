-- Staff roles: `door` checks people in (scan, search, undo); `office` does everything staff do
-- except edit the copy (door's work too). NULL: signed in, but no work here yet. The copy-admin
-- right stays its own column. Who changed a role and when is in the audit log as well.
ALTER TABLE staff
  ADD COLUMN role TEXT CHECK (role IN ('door', 'office')),
  ADD COLUMN role_changed_by TEXT,
  ADD COLUMN role_changed_at TIMESTAMPTZ;
-- Before roles every allowed staff member could scan and add attendees: keep them at the door,
-- copy admins in the office.
UPDATE staff SET role = CASE WHEN is_copy_admin THEN 'office' ELSE 'door' END;

-- Every staff action: who, when, what, on which subject, and before/after where it applies.
-- Only ids and non-personal facts (a ticket id, a file name, counts), never a donor's name,
-- e-mail or personal number, so the log outlives the erasure of a sale's personal data.
-- Append-only: the database refuses UPDATE, DELETE and TRUNCATE.
CREATE TABLE audit_log (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at TIMESTAMPTZ NOT NULL DEFAULT now(),
  staff_id UUID REFERENCES staff (id),
  action TEXT NOT NULL,
  subject TEXT,
  before JSONB,
  after JSONB
);
CREATE INDEX audit_log_at_idx ON audit_log (at DESC);
CREATE INDEX audit_log_staff_idx ON audit_log (staff_id, at DESC);
CREATE INDEX audit_log_action_idx ON audit_log (action, at DESC);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER audit_log_no_update_or_delete BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
