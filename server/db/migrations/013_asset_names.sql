-- The name a product's technical file had when it was uploaded (spec.pdf): shown in Info and given to
-- its download, while the file is stored under a generated name. Nullable, so a server of the previous
-- release (which inserts no name) keeps working beside this one; rows from before are shown by their
-- stored file's name. The path indexes serve the download's name lookup (/storage/<path>?download=1).
ALTER TABLE product_assets ADD COLUMN name text;
CREATE INDEX product_assets_path ON product_assets(path);
CREATE INDEX product_uploads_path ON product_uploads(path);
CREATE INDEX product_automation_files_path ON product_automation_files(path);
