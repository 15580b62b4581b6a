-- Issue 12: one product's answer (GET /gets/product) and its owner are kept in each process's memory,
-- dropped by the 'products:<customer id>' notice of migration 007. Most of a product's parts move the
-- product's updated_at (and so send it); uploads and rendered layers do not, so they send it here.
CREATE FUNCTION facet_product_parts_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('facet_cache', 'products:' || coalesce(c::text, 'none'))
       FROM (SELECT DISTINCT p.customer_id AS c FROM new_rows r JOIN products p ON p.id = r.product_id) x;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('facet_cache', 'products:' || coalesce(c::text, 'none'))
       FROM (SELECT DISTINCT p.customer_id AS c FROM old_rows r JOIN products p ON p.id = r.product_id) x;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER product_uploads_notify_insert AFTER INSERT ON product_uploads REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION facet_product_parts_notify();
CREATE TRIGGER product_uploads_notify_update AFTER UPDATE ON product_uploads REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION facet_product_parts_notify();
CREATE TRIGGER product_uploads_notify_delete AFTER DELETE ON product_uploads REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION facet_product_parts_notify();
CREATE TRIGGER product_layers_notify_insert AFTER INSERT ON product_layers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION facet_product_parts_notify();
CREATE TRIGGER product_layers_notify_update AFTER UPDATE ON product_layers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION facet_product_parts_notify();
CREATE TRIGGER product_layers_notify_delete AFTER DELETE ON product_layers REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION facet_product_parts_notify();
