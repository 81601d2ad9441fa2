-- Autogiro go-live (issue 39). A raise follows Bankgirot's order: the old standing payment is
-- cancelled (TK25, raiseCancelSent), Bankgirot's confirmation moves it on (raiseReady) and only
-- then is the new amount's TK82 written; a cancellation Bankgirot did not carry out holds the new
-- amount back (raiseHeld). A standing TK82 Bankgirot rejected stops the mandate (paymentRejected).
ALTER TABLE autogiro_mandates DROP CONSTRAINT autogiro_mandates_state_check;
ALTER TABLE autogiro_mandates
  ADD CONSTRAINT autogiro_mandates_state_check
    CHECK (state IN ('signed', 'sent', 'approved', 'active', 'raisePending', 'rejected', 'cancelled', 'revokePending', 'revokeSent', 'revoked', 'unknown',
                     'raiseCancelSent', 'raiseReady', 'raiseHeld', 'paymentRejected'));

-- paymentRejected: a rejected standing payment; monthNotDrawn: a raise's month the new amount could not reach.
ALTER TABLE autogiro_discrepancies DROP CONSTRAINT autogiro_discrepancies_reason_check;
ALTER TABLE autogiro_discrepancies
  ADD CONSTRAINT autogiro_discrepancies_reason_check CHECK (
    reason IN ('answerDoesNotFit', 'unknownPayer', 'unwritableAccount', 'paymentForUnknownMandate', 'amendmentAnswer', 'digitalMandate',
               'paymentRejected', 'monthNotDrawn')
  );

-- The day's request files are numbered across runs and kinds (send_order): Bankgirot gets them in
-- that order, and a payment and a change of the same instruction never share a day.
CREATE INDEX autogiro_files_request_day_idx ON autogiro_files (created_at) WHERE kind <> 'answer';
