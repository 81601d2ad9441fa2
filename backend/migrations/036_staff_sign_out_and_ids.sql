-- A staff sign-out takes effect at once, in every backend process: the sign-out time is kept on
-- the staff row, and a token issued at or before it (its `iat`, whole seconds) is refused. The
-- row is read on every staff call anyway (rights take effect at once), so this costs no extra
-- query. Entra ID cannot issue access tokens shorter than 10 minutes, hence a list, not a
-- short lifetime.
ALTER TABLE staff
  ADD COLUMN signed_out_at TIMESTAMPTZ;

-- Staff are who Entra ID's immutable ids say: the tenant (`tid`) and the account's object id
-- (`oid`), never the e-mail claim, which a user or an admin can edit. Rows from before carry
-- neither and are taken over by the account with the same issuer + subject at its next sign-in
-- (those are immutable too), so an existing database keeps its staff, roles and audit trail.
ALTER TABLE staff
  ADD COLUMN tenant_id TEXT,
  ADD COLUMN object_id TEXT,
  ADD CONSTRAINT staff_tenant_object_key UNIQUE (tenant_id, object_id),
  ADD CONSTRAINT staff_tenant_object_both CHECK ((tenant_id IS NULL) = (object_id IS NULL));
