-- The site's texts, per key, in both languages; editors change them, the seed only adds missing keys.
CREATE TABLE copy (
  key TEXT PRIMARY KEY,
  sv TEXT NOT NULL,
  en TEXT NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_by TEXT
);

CREATE TABLE copy_history (
  id BIGSERIAL PRIMARY KEY,
  key TEXT NOT NULL REFERENCES copy (key),
  old_sv TEXT NOT NULL,
  old_en TEXT NOT NULL,
  new_sv TEXT NOT NULL,
  new_en TEXT NOT NULL,
  changed_by TEXT NOT NULL,
  changed_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX copy_history_key_idx ON copy_history (key, changed_at DESC);

-- Client-side errors posted to /api/clientLog, already redacted.
CREATE TABLE client_log (
  id BIGSERIAL PRIMARY KEY,
  level TEXT NOT NULL,
  message TEXT NOT NULL,
  source TEXT,
  url TEXT,
  user_agent TEXT,
  detail JSONB,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
