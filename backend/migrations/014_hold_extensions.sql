-- More time for BankID: a hold (or a pending hold) may be extended a few times, near its end.
ALTER TABLE tickets ADD COLUMN hold_extensions INT NOT NULL DEFAULT 0;
ALTER TABLE pending_holds ADD COLUMN extensions INT NOT NULL DEFAULT 0;
