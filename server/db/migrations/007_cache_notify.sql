-- Issue 12: the guard keeps token -> user and (user, company) -> access in each process's memory.
-- Every change those answers depend on sends NOTIFY facet_cache at commit, whichever code made it,
-- so each server process (LISTEN facet_cache) drops what it holds before serving stale rights.
-- Payload: 'user:<id>' (that user's sessions and access) or 'all' (roles, privileges, companies).
CREATE FUNCTION facet_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_data record;
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('facet_cache', 'all');
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN row_data := OLD; ELSE row_data := NEW; END IF;
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('facet_cache', 'user:' || row_data.id);
  ELSIF TG_TABLE_NAME IN ('access_tokens', 'memberships') THEN
    PERFORM pg_notify('facet_cache', 'user:' || row_data.user_id);
    IF TG_OP = 'UPDATE' AND OLD.user_id <> NEW.user_id THEN
      PERFORM pg_notify('facet_cache', 'user:' || OLD.user_id);
    END IF;
  ELSE
    PERFORM pg_notify('facet_cache', 'all');
  END IF;
  RETURN NULL;
END $$;

-- last_used_at is written by reads (at most every 5 minutes): it changes nobody's rights.
CREATE TRIGGER access_tokens_auth_notify AFTER DELETE OR UPDATE OF user_id, token_hash, expires_at ON access_tokens
  FOR EACH ROW EXECUTE FUNCTION facet_cache_notify();
CREATE TRIGGER users_auth_notify AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION facet_cache_notify();
CREATE TRIGGER memberships_auth_notify AFTER INSERT OR UPDATE OR DELETE ON memberships
  FOR EACH ROW EXECUTE FUNCTION facet_cache_notify();
CREATE TRIGGER role_privileges_auth_notify AFTER INSERT OR UPDATE OR DELETE ON role_privileges
  FOR EACH STATEMENT EXECUTE FUNCTION facet_cache_notify();
CREATE TRIGGER roles_auth_notify AFTER UPDATE OR DELETE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION facet_cache_notify();
CREATE TRIGGER customers_auth_notify AFTER INSERT OR UPDATE OR DELETE ON customers
  FOR EACH STATEMENT EXECUTE FUNCTION facet_cache_notify();

-- The product list's version (count, newest updated_at, newest tombstone) is kept in memory too:
-- any change to a company's products or product tombstones says 'products:<customer id>'.
-- Statement triggers with transition tables: a bulk insert sends one notice per company.
CREATE FUNCTION facet_products_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'tombstones' THEN
    PERFORM pg_notify('facet_cache', 'products:' || coalesce(c::text, 'none'))
       FROM (SELECT DISTINCT customer_id AS c FROM new_rows WHERE entity = 'product') x;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('facet_cache', 'products:' || coalesce(c::text, 'none')) FROM (SELECT DISTINCT customer_id AS c FROM new_rows) x;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('facet_cache', 'products:' || coalesce(c::text, 'none')) FROM (SELECT DISTINCT customer_id AS c FROM old_rows) x;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER products_list_notify_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION facet_products_notify();
CREATE TRIGGER products_list_notify_update AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION facet_products_notify();
CREATE TRIGGER products_list_notify_delete AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION facet_products_notify();
CREATE TRIGGER tombstones_list_notify AFTER INSERT ON tombstones REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION facet_products_notify();
