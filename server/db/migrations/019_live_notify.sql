-- Issue 44: the live channel. Every change a portal mirrors sends NOTIFY facet_live at commit, whichever
-- code made it, so each server process (server/live/hub.ts LISTENs) pokes the browsers it holds.
-- Statement triggers with transition tables: ONE notice per company, kind (and owner, for a user's own
-- rows) per statement, so a bulk action on 10,000 rows is one notice. A notice is JSON, well under
-- NOTIFY's 8,000 bytes: {t:'poke', k: kind, c: company (absent: every company), u: owner, ids (at most
-- 50, else absent: pull the list), v: the one row's updated_at, d: deleted, by: {id, name}, at: ms}.
-- Who changed it: the request's user (db.tx sets facet.actor, server/db/actor.ts), else a column that says.

-- `source` is a SELECT of (company, id, owner, by, version, deleted) over %1$s (the statement's rows: new,
-- or old for a DELETE) and %2$s (the old rows of an UPDATE, else %1$s again); $3 says DELETE, $4 is TG_OP.
CREATE FUNCTION facet_live_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rel text := CASE WHEN TG_OP = 'DELETE' THEN 'old_rows' ELSE 'new_rows' END;
  actor integer := nullif(current_setting('facet.actor', true), '')::integer;
  msg text;
BEGIN
  FOR msg IN EXECUTE format($q$
    SELECT json_strip_nulls(json_build_object(
      't', 'poke', 'k', $1::text, 'c', x.company, 'u', x.owner,
      'ids', CASE WHEN count(DISTINCT x.id) <= 50 THEN json_agg(DISTINCT x.id) END,
      'v', CASE WHEN count(DISTINCT x.id) = 1
             THEN to_char(max(x.version) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END,
      'd', CASE WHEN bool_and(x.deleted) THEN true END,
      'by', (SELECT json_build_object('id', u.id, 'name', left(u.name, 100))
               FROM users u WHERE u.id = coalesce($2, CASE WHEN count(DISTINCT x.by) = 1 THEN max(x.by) END)),
      'at', floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint
    ))::text
    FROM (%s) x (company, id, owner, by, version, deleted) GROUP BY x.company, x.owner $q$,
    format(TG_ARGV[1], rel, CASE WHEN TG_OP = 'UPDATE' THEN 'old_rows' ELSE rel END))
    USING TG_ARGV[0], actor, TG_OP = 'DELETE', TG_OP
  LOOP
    PERFORM pg_notify('facet_live', msg);
  END LOOP;
  RETURN NULL;
END $$;

-- The three statement triggers (insert, update, delete) of one table and kind.
CREATE FUNCTION facet_live_triggers(tbl text, kind text, source text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  op text;
BEGIN
  FOREACH op IN ARRAY ARRAY['INSERT', 'UPDATE', 'DELETE'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s FOR EACH STATEMENT EXECUTE FUNCTION facet_live_notify(%L, %L)',
      tbl || '_live_' || lower(kind) || '_' || lower(op), op, tbl,
      CASE op WHEN 'INSERT' THEN 'NEW TABLE AS new_rows'
              WHEN 'UPDATE' THEN 'OLD TABLE AS old_rows NEW TABLE AS new_rows'
              ELSE 'OLD TABLE AS old_rows' END,
      kind, source);
  END LOOP;
END $$;

-- products: ids are products, v the one product's updated_at, d a soft delete.
SELECT facet_live_triggers('products', 'products',
  $s$SELECT n.customer_id AS company, n.id, NULL::int AS owner, NULL::int AS by, n.updated_at AS version,
            ($3 OR n.deleted_at IS NOT NULL) AS deleted FROM %1$s n$s$);
-- templates: a public (or shared) template is every company's (c absent).
SELECT facet_live_triggers('templates', 'templates',
  $s$SELECT CASE WHEN n.public = 1 OR n.customer_id IS NULL THEN NULL ELSE n.customer_id END, n.id, NULL::int, NULL::int,
            n.updated_at, ($3 OR n.deleted_at IS NOT NULL) FROM %1$s n$s$);
-- presets and the imagery files: ids are the products whose lists changed.
SELECT facet_live_triggers('product_presets', 'presets',
  $s$SELECT p.customer_id, n.product_id, NULL::int, CASE WHEN $4 = 'INSERT' THEN n.created_by END, NULL::timestamptz, false
       FROM %1$s n JOIN products p ON p.id = n.product_id$s$);
SELECT facet_live_triggers('product_uploads', 'uploads',
  $s$SELECT p.customer_id, n.product_id, NULL::int, CASE WHEN $4 = 'INSERT' THEN n.created_by END, NULL::timestamptz, false
       FROM %1$s n JOIN products p ON p.id = n.product_id$s$);
SELECT facet_live_triggers(t, 'uploads',
  $s$SELECT p.customer_id, n.product_id, NULL::int, NULL::int, NULL::timestamptz, false
       FROM %1$s n JOIN products p ON p.id = n.product_id$s$)
  FROM unnest(ARRAY['product_layers', 'product_automation_files', 'product_backgrounds', 'product_viewers']) t;
-- A frame set that starts, finishes or fails (not its sweep): the 360 section shows it.
SELECT facet_live_triggers('frame_sets', 'uploads',
  $s$SELECT p.customer_id, n.product_id, NULL::int, NULL::int, NULL::timestamptz, false
       FROM %1$s n JOIN %2$s o USING (id) JOIN products p ON p.id = n.product_id
      WHERE $4 = 'INSERT' OR n.status IS DISTINCT FROM o.status$s$);
-- exports: the owner's only; a progress tick is a 'progress' notice (below), not a poke.
SELECT facet_live_triggers('exports', 'exports',
  $s$SELECT n.customer_id, n.id, n.created_by, NULL::int, n.updated_at, $3
       FROM %1$s n JOIN %2$s o USING (id)
      WHERE $4 <> 'UPDATE' OR (n.status, n.path, n.reason, n.expires_at, n.mailed_at) IS DISTINCT FROM
                              (o.status, o.path, o.reason, o.expires_at, o.mailed_at)$s$);
-- People: the user list of every company the person belongs to (ids are users), and 'me' for the person.
SELECT facet_live_triggers('users', 'users',
  $s$SELECT m.customer_id, n.id, NULL::int, NULL::int, NULL::timestamptz, ($3 OR n.deleted_at IS NOT NULL)
       FROM %1$s n JOIN memberships m ON m.user_id = n.id$s$);
SELECT facet_live_triggers('users', 'me',
  $s$SELECT NULL::int, n.id, n.id, NULL::int, NULL::timestamptz, false FROM %1$s n JOIN %2$s o USING (id)
      WHERE $4 = 'UPDATE' AND (n.name, n.last_name, n.email, n.phone, n.photo, n.office, n.country, n.discord, n.nickname,
                               n.teams, n.type, n.enabled, n.version_terms_use)
        IS DISTINCT FROM (o.name, o.last_name, o.email, o.phone, o.photo, o.office, o.country, o.discord, o.nickname,
                          o.teams, o.type, o.enabled, o.version_terms_use)$s$);
SELECT facet_live_triggers('memberships', 'users',
  $s$SELECT n.customer_id, n.user_id, NULL::int, NULL::int, NULL::timestamptz, $3 FROM %1$s n$s$);
SELECT facet_live_triggers('memberships', 'me',
  $s$SELECT n.customer_id, n.user_id, n.user_id, NULL::int, NULL::timestamptz, $3 FROM %1$s n$s$);
SELECT facet_live_triggers('invitations', 'users',
  $s$SELECT n.customer_id, n.user_id, NULL::int, NULL::int, NULL::timestamptz, false FROM %1$s n$s$);
-- Roles and their permissions: ids are roles.
SELECT facet_live_triggers('roles', 'roles',
  $s$SELECT n.customer_id, n.id, NULL::int, NULL::int, NULL::timestamptz, $3 FROM %1$s n$s$);
SELECT facet_live_triggers('role_privileges', 'roles',
  $s$SELECT r.customer_id, n.role_id, NULL::int, NULL::int, NULL::timestamptz, false
       FROM %1$s n JOIN roles r ON r.id = n.role_id$s$);
-- The dashboard: ids are rows of the changed table (rounds, tasks, progress alike: pull the dashboard).
SELECT facet_live_triggers(t, 'rounds',
  $s$SELECT n.customer_id, n.id, NULL::int, NULL::int, NULL::timestamptz, $3 FROM %1$s n$s$)
  FROM unnest(ARRAY['dashboard_rounds', 'dashboard_tasks', 'dashboard_progress']) t;
-- The review (issue 42): ids are the rounds whose review page changed.
SELECT facet_live_triggers('review_models', 'review',
  $s$SELECT r.customer_id, n.round_id, NULL::int, NULL::int, NULL::timestamptz, false
       FROM %1$s n JOIN dashboard_rounds r ON r.id = n.round_id$s$);
SELECT facet_live_triggers('review_versions', 'review',
  $s$SELECT r.customer_id, m.round_id, NULL::int, CASE WHEN $4 = 'INSERT' THEN n.delivered_by END, NULL::timestamptz, false
       FROM %1$s n JOIN review_models m ON m.id = n.model_id JOIN dashboard_rounds r ON r.id = m.round_id$s$);
SELECT facet_live_triggers('review_decisions', 'review',
  $s$SELECT r.customer_id, m.round_id, NULL::int, CASE WHEN $4 = 'INSERT' THEN n.user_id END, NULL::timestamptz, false
       FROM %1$s n JOIN review_versions v ON v.id = n.version_id JOIN review_models m ON m.id = v.model_id
       JOIN dashboard_rounds r ON r.id = m.round_id$s$);
SELECT facet_live_triggers('review_pins', 'review',
  $s$SELECT r.customer_id, m.round_id, NULL::int, CASE WHEN $4 = 'INSERT' THEN n.author_id END, NULL::timestamptz, false
       FROM %1$s n JOIN review_versions v ON v.id = n.version_id JOIN review_models m ON m.id = v.model_id
       JOIN dashboard_rounds r ON r.id = m.round_id$s$);
SELECT facet_live_triggers('review_replies', 'review',
  $s$SELECT r.customer_id, m.round_id, NULL::int, CASE WHEN $4 = 'INSERT' THEN n.author_id END, NULL::timestamptz, false
       FROM %1$s n JOIN review_pins pin ON pin.id = n.pin_id JOIN review_versions v ON v.id = pin.version_id
       JOIN review_models m ON m.id = v.model_id JOIN dashboard_rounds r ON r.id = m.round_id$s$);
-- Saved views: the owner's only.
SELECT facet_live_triggers('saved_views', 'savedViews',
  $s$SELECT n.customer_id, n.id, n.user_id, NULL::int, n.updated_at, ($3 OR n.deleted_at IS NOT NULL) FROM %1$s n$s$);

DROP FUNCTION facet_live_triggers(text, text, text);

-- Job progress: one notice per export or frame set whose state or count moved (a statement touches one;
-- at most 50 are sent). The hub sends at most about two a second per job to the browsers.
CREATE FUNCTION facet_live_progress() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_rel text := CASE WHEN TG_OP = 'UPDATE' THEN 'old_rows' ELSE 'new_rows' END;
BEGIN
  IF TG_TABLE_NAME = 'exports' THEN
    EXECUTE format($q$
      SELECT pg_notify('facet_live', json_build_object('t', 'progress', 'job', 'export', 'c', n.customer_id, 'u', n.created_by,
               'id', n.id, 'product', n.product_id, 'state', n.status, 'done', n.progress, 'total', n.total,
               'at', floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint)::text)
        FROM (SELECT n.* FROM new_rows n JOIN %s o USING (id)
               WHERE $1 = 'INSERT' OR (n.status, n.progress) IS DISTINCT FROM (o.status, o.progress) LIMIT 50) n$q$, old_rel)
      USING TG_OP;
  ELSE
    EXECUTE format($q$
      SELECT pg_notify('facet_live', json_build_object('t', 'progress', 'job', 'frames', 'c', p.customer_id,
               'id', n.id, 'product', n.product_id, 'state', n.status,
               'at', floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint)::text)
        FROM (SELECT n.* FROM new_rows n JOIN %s o USING (id)
               WHERE $1 = 'INSERT' OR n.status IS DISTINCT FROM o.status LIMIT 50) n
        JOIN products p ON p.id = n.product_id$q$, old_rel)
      USING TG_OP;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER exports_live_progress_insert AFTER INSERT ON exports REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION facet_live_progress();
CREATE TRIGGER exports_live_progress_update AFTER UPDATE ON exports REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION facet_live_progress();
CREATE TRIGGER frame_sets_live_progress_insert AFTER INSERT ON frame_sets REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION facet_live_progress();
CREATE TRIGGER frame_sets_live_progress_update AFTER UPDATE ON frame_sets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION facet_live_progress();
