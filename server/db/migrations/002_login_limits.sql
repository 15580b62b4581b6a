-- Facet schema, version 2: request limits kept in the database, so that every server process
-- sharing it counts the same requests (several processes on one PostgreSQL).

-- Per-client request counts of the rate-limited routes (login, forgot-password, registration):
-- one row per route and client address, for one time window.
CREATE TABLE rate_limits (
  bucket text NOT NULL,
  client text NOT NULL,
  hits integer NOT NULL,
  reset_at timestamptz NOT NULL,
  PRIMARY KEY (bucket, client)
);
CREATE INDEX rate_limits_reset ON rate_limits (reset_at);

-- Per-account password checks (login, and actions that ask for the password again).
-- account is a hash of the lower-cased email, so unknown addresses are throttled alike
-- without keeping a list of the addresses people tried.
CREATE TABLE login_throttle (
  account text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0,
  last_attempt_at timestamptz NOT NULL DEFAULT now(),
  next_allowed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_throttle_last ON login_throttle (last_attempt_at);

-- Browsers that signed in to an account (an HttpOnly device cookie; only its hash is kept).
-- They skip the account's delay, so guesses from elsewhere cannot keep the owner out.
CREATE TABLE login_devices (
  account text NOT NULL,
  device_hash text NOT NULL,
  failures integer NOT NULL DEFAULT 0,
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account, device_hash)
);
CREATE INDEX login_devices_seen ON login_devices (last_seen_at);
