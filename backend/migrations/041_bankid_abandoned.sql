-- A page that goes away while a BankID order waits (pagehide, sendBeacon) asks for the order to be
-- cancelled. It is not cancelled at once: a reload, or a page restored from the back-forward
-- cache, polls again within seconds, and that poll clears the mark. Only when the mark is still
-- there after the grace period (modules/bankid/service.ts, ABANDON_GRACE_MS) is the order cancelled
-- at BankID. Set and cleared only by those rare events: a poll writes nothing when it is unset.
ALTER TABLE bankid_transactions
  ADD COLUMN abandoned_at TIMESTAMPTZ;
