-- A visitor session's place in the sign-up (issue 29): what the page needs to resume a step after a
-- reload or a trip to the BankID app. Sealed: it holds the identified person's names and personal
-- number and the details they typed. One row per session, replaced at each save; read back only
-- while fresh (see modules/flow), deleted when the visitor starts over and by the sale's erasure.
CREATE TABLE session_flows (
  session_uid TEXT PRIMARY KEY,
  state_sealed TEXT NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
