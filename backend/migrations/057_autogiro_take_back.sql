-- Issue 39: the office takes back a request file written but never uploaded to the bank. The file
-- stays (sealed, with its name and send order) marked taken back, by whom and when; its mandates go
-- back to where they were, so the next file writes them again. A request file's transition keeps
-- the terms the mandate had before it (standing amount and date, first draw), which the take-back
-- restores; rows from before this migration have none (their files were long answered).
ALTER TABLE autogiro_files
  ADD COLUMN taken_back_at TIMESTAMPTZ,
  ADD COLUMN taken_back_by UUID REFERENCES staff (id);

ALTER TABLE mandate_transitions
  ADD COLUMN terms_before JSONB;
