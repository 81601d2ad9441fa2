-- A staff sign-out takes effect at once, in every backend process: the sign-out time is kept on
-- the staff row, and a token issued at or before it (its `iat`, whole seconds) is refused. The
-- row is read on every staff call anyway (rights take effect at once), so this costs no extra
-- query. Entra ID cannot issue access tokens shorter than 10 minutes, hence a list, not a
-- short lifetime.
ALTER TABLE staff
  ADD COLUMN signed_out_at TIMESTAMPTZ;
