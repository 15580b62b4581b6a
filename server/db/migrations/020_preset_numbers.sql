-- Issue 43: a preset's name no longer follows its place in the list ("deleting Preset 1 renames
-- Preset 2"). Each preset keeps the number it was given when made: the next after the highest of its
-- product and section (a number freed at the end may be given again; one in the middle never moves).
-- Existing rows are numbered in their order of creation (id), as the list showed them.
ALTER TABLE product_presets ADD COLUMN number integer;
UPDATE product_presets p SET number = n.number
  FROM (SELECT id, row_number() OVER (PARTITION BY product_id, section ORDER BY id)::integer AS number
          FROM product_presets) n
 WHERE n.id = p.id;
ALTER TABLE product_presets ALTER COLUMN number SET NOT NULL;
ALTER TABLE product_presets ADD CONSTRAINT product_presets_number_positive CHECK (number > 0);
CREATE UNIQUE INDEX product_presets_number ON product_presets (product_id, section, number);

-- Every insert that does not give one (the store call, the seeds, a test's SQL) takes the next number.
-- A row-level BEFORE trigger sees the rows an earlier row of the same statement inserted, so a seed's
-- many-row INSERT numbers them 1, 2, 3…; the store call holds the product's row lock, so two stores
-- never read the same highest number.
CREATE FUNCTION facet_preset_number() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.number IS NULL THEN
    SELECT coalesce(max(number), 0) + 1 INTO NEW.number
      FROM product_presets WHERE product_id = NEW.product_id AND section = NEW.section;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER product_presets_number BEFORE INSERT ON product_presets
  FOR EACH ROW EXECUTE FUNCTION facet_preset_number();
