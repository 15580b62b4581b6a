-- Issue 40: an Idempotency-Key belongs to its caller and to the fingerprint of its request (an HMAC
-- under the server's secret); stored answers are purged after IDEMPOTENCY_TTL_HOURS while the fact of
-- the key stays; a secret of an answer (an access token) is never stored: the account it signed in is,
-- with an HMAC of its password hash then.
ALTER TABLE idempotency_keys ADD COLUMN fingerprint text;
ALTER TABLE idempotency_keys ADD COLUMN purged_at timestamptz;
ALTER TABLE idempotency_keys ADD COLUMN secret_subject integer;
ALTER TABLE idempotency_keys ADD COLUMN secret_check text;
CREATE INDEX idempotency_keys_created ON idempotency_keys(created_at);

-- Answers kept before this release held tokens in plain text: those are purged now (a replay of one
-- answers that the change was made; a sign-in is asked again).
UPDATE idempotency_keys SET response = NULL, purged_at = now() WHERE jsonb_typeof(response) = 'object' AND response ? 'token';
