-- Issue 18: several server processes. Each live process beats here every few seconds; an
-- Idempotency-Key claimed by a process that stopped beating (killed mid-request) is taken over at
-- once instead of after two minutes, so the client's retry on another process goes through.
CREATE TABLE server_instances (
  id uuid PRIMARY KEY,
  started_at timestamptz NOT NULL DEFAULT now(),
  seen_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE idempotency_keys ADD COLUMN instance_id uuid;
