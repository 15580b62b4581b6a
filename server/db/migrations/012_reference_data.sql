-- Reference data: what every deployment needs and the portal offers no way to create. Before this
-- migration the demo seed wrote it, so a database the seed filled already holds the same rows: every
-- insert skips a row that is there (by its key, or by its name where the table has no key).

-- The permission catalogue: one row per slug of src/api/contract/slugs.ts (role_privileges refer to
-- them, so no company can be created without them). A new slug needs a new migration; a test checks.
INSERT INTO privileges (slug, name, description) VALUES
  ('dashboard-access', 'Dashboard access', 'Dashboard access'),
  ('reader-info-access', 'Reader info access', 'Reader info access'),
  ('editor-info-access', 'Editor info access', 'Editor info access'),
  ('reader-vignette-access', 'Reader vignette access', 'Reader vignette access'),
  ('editor-vignette-access', 'Editor vignette access', 'Editor vignette access'),
  ('reader-silo-access', 'Reader silo access', 'Reader silo access'),
  ('editor-silo-access', 'Editor silo access', 'Editor silo access'),
  ('reader-360-access', 'Reader 360 access', 'Reader 360 access'),
  ('editor-360-access', 'Editor 360 access', 'Editor 360 access'),
  ('reader-video-access', 'Reader video access', 'Reader video access'),
  ('editor-video-access', 'Editor video access', 'Editor video access'),
  ('reader-3d-viewer-access', 'Reader 3d viewer access', 'Reader 3d viewer access'),
  ('editor-3d-viewer-access', 'Editor 3d viewer access', 'Editor 3d viewer access'),
  ('reader-3d-files-access', 'Reader 3d files access', 'Reader 3d files access'),
  ('editor-3d-files-access', 'Editor 3d files access', 'Editor 3d files access'),
  ('reader-template-access', 'Reader template access', 'Reader template access'),
  ('delete-template-access', 'Delete template access', 'Delete template access'),
  ('register-products', 'Register products', 'Register products'),
  ('send-products-for-automation', 'Send products for automation', 'Send products for automation'),
  ('approve-services', 'Approve services', 'Approve services'),
  ('manage-users', 'Manage users', 'Manage users'),
  ('manage-roles', 'Manage roles', 'Manage roles')
ON CONFLICT (slug) DO NOTHING;

-- The terms of use the portal ships (src/features/legal) are version 1 (document 1: default '1').
INSERT INTO settings (key, value) VALUES ('terms_version', '1') ON CONFLICT (key) DO NOTHING;

-- The registration tutorial the Add Products screen asks for; its video ships in public/tutorials.
INSERT INTO tutorials (slug, url) VALUES ('register-products', '/tutorials/register-products.mp4')
ON CONFLICT (slug) DO NOTHING;

-- The studio's product taxonomy: no call creates categories, and products are filed under them.
-- The tables have no unique key, so a row is matched by its name (and its category's).
INSERT INTO product_categories (category)
SELECT c FROM unnest(ARRAY['Living Room', 'Bedroom', 'Dining', 'Lighting', 'Decor']) WITH ORDINALITY AS x(c, n)
WHERE NOT EXISTS (SELECT 1 FROM product_categories p WHERE p.category = x.c)
ORDER BY n;

INSERT INTO product_subcategories (category_id, subcategory)
SELECT c.id, x.sub
FROM (VALUES
  (1, 'Living Room', 'Sofas'), (2, 'Living Room', 'Armchairs'), (3, 'Living Room', 'Coffee Tables'), (4, 'Living Room', 'TV Stands'),
  (5, 'Bedroom', 'Beds'), (6, 'Bedroom', 'Nightstands'), (7, 'Bedroom', 'Dressers'),
  (8, 'Dining', 'Dining Tables'), (9, 'Dining', 'Dining Chairs'), (10, 'Dining', 'Sideboards'),
  (11, 'Lighting', 'Floor Lamps'), (12, 'Lighting', 'Table Lamps'), (13, 'Lighting', 'Pendants'),
  (14, 'Decor', 'Rugs'), (15, 'Decor', 'Vases'), (16, 'Decor', 'Mirrors')
) AS x(n, category, sub)
JOIN LATERAL (SELECT id FROM product_categories p WHERE p.category = x.category ORDER BY id LIMIT 1) c ON true
WHERE NOT EXISTS (SELECT 1 FROM product_subcategories s WHERE s.category_id = c.id AND s.subcategory = x.sub)
ORDER BY x.n;
