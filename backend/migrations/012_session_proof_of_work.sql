-- Each solved session challenge buys one session: a redeemed challenge is kept until it
-- expires, so a replay is refused by every backend process (not only the one that saw it).
CREATE TABLE session_challenge_redeemed (
  challenge TEXT PRIMARY KEY,
  expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX session_challenge_redeemed_expires ON session_challenge_redeemed (expires_at);
