-- Every reply file read (issue 28 point 4): Bankgirot's cancellations/changes answer and the
-- mandates payers give in their internet bank (AG-EMEDGIV).

-- amendmentAnswer: a cancellation/change record that does not fit the mandate or needs the office
-- (info_code holds the record's transaction code); digitalMandate: a mandate given in the internet
-- bank, waiting for the office (its details stay in the sealed file, read by file_id and line).
ALTER TABLE autogiro_discrepancies DROP CONSTRAINT autogiro_discrepancies_reason_check;
ALTER TABLE autogiro_discrepancies
  ADD CONSTRAINT autogiro_discrepancies_reason_check CHECK (
    reason IN ('answerDoesNotFit', 'unknownPayer', 'unwritableAccount', 'paymentForUnknownMandate', 'amendmentAnswer', 'digitalMandate')
  ),
  -- A digital mandate: tied to one of our donors by 'payerNumber' or 'personalNumber', or NULL.
  ADD COLUMN matched_by TEXT CHECK (matched_by IN ('payerNumber', 'personalNumber'));

-- A cancellation/change record logged on a mandate whose state it fits (the state unchanged):
-- what it said (lifecycle.ts AmendmentMeaning); info_code holds its transaction code.
ALTER TABLE mandate_transitions ADD COLUMN meaning TEXT;

-- The office's list counts each mandate's open discrepancies.
CREATE INDEX autogiro_discrepancies_mandate_open_idx ON autogiro_discrepancies (mandate_id) WHERE resolved_at IS NULL;
