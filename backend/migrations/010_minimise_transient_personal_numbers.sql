-- BankID orders and session identities keep only the personal number's keyed hash: enough to
-- check that BankID confirmed the person the order named, and that getPersonalInfo asks for the
-- person the session authenticated. Rows from before held plaintext (demo data only): cleared.
DELETE FROM session_identities;
UPDATE bankid_transactions SET personal_number = '', sign_request = NULL;
ALTER TABLE bankid_transactions RENAME COLUMN personal_number TO personal_number_hash;
ALTER TABLE session_identities RENAME COLUMN personal_number TO personal_number_hash;
