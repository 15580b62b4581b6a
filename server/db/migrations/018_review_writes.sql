-- Issue 42, stage 2: pins, replies, decisions, deliveries and round statuses are written through the
-- portal, and each leaves an audit_log row naming what it touched. (The lookups the writes make use
-- the UNIQUE indexes of migration 017: (version_id, number), (model_id, number), version_id.)
ALTER TABLE audit_log DROP CONSTRAINT audit_log_target_type_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_target_type_check
  CHECK (target_type IN ('user', 'role', 'review_pin', 'review_version', 'review_round'));
