-- A sign-up in progress keeps the amounts it was shown (issue 38 §3): the minimum and step the
-- member check answered, kept with the session's identification (as long as it stands), so an
-- office's change of the amounts meanwhile never refuses what the visitor was invited to sign.
ALTER TABLE session_identities ADD COLUMN shown_terms JSONB;
