-- A pending sign's e-mail, name, address and account, and the user BankID answered, are sealed
-- by the application from now on (bankid/service.ts). Rows from before held them in plain
-- (demo data only): reduced to what was signed; a sign still waiting on such a row is cancelled.
UPDATE bankid_transactions
SET status = 'cancelled',
    hint_code = 'cancelled'
WHERE status = 'pending'
  AND sign_request IS NOT NULL
  AND NOT sign_request ? 'sealed';
UPDATE bankid_transactions
SET sign_request = jsonb_build_object('signType', sign_request->'signType', 'monthlyAmount', sign_request->'monthlyAmount', 'previousAmount', sign_request->'previousAmount')
WHERE sign_request IS NOT NULL
  AND NOT sign_request ? 'sealed';
UPDATE bankid_transactions
SET completed_user = NULL
WHERE completed_user IS NOT NULL
  AND NOT completed_user ? 'sealed';
-- A session's identity keeps the names BankID gave and the e-mail typed only sealed. The rows
-- are transient (a visitor authenticates again); those from before are cleared.
DELETE FROM session_identities;
ALTER TABLE session_identities
  DROP COLUMN given_name,
  DROP COLUMN surname,
  DROP COLUMN email,
  ADD COLUMN names_sealed TEXT NOT NULL,
  ADD COLUMN email_sealed TEXT;
