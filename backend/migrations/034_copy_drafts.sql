-- A text's draft (issue 30 point 7): copy admins save a change without publishing it, preview it
-- on the real page (the staff-only listCopyDrafts, never getCopy) and publish it later. One draft
-- per key, shared by the copy admins: whoever opens the key next continues it. Publishing the key
-- (updateCopy or publishCopyDraft) ends its draft.
CREATE TABLE copy_drafts (
  key TEXT PRIMARY KEY REFERENCES copy (key),
  sv TEXT NOT NULL,
  en TEXT NOT NULL,
  -- The published version (copy.updated_at) the draft was written over: publishing it over a newer
  -- one is refused, as updateCopy refuses a save over someone else's.
  based_on TIMESTAMPTZ NOT NULL,
  saved_at TIMESTAMPTZ NOT NULL,
  saved_by TEXT NOT NULL
);
