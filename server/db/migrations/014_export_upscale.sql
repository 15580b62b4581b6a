-- Honest compliance (issue 27): a retailer may forbid upscaling (a frame drawn larger than its source
-- layers fails its check instead of being a warning), and an export keeps the largest upscale factor
-- of its files, so the Downloads panel can say so. Both have defaults, so a server of the previous
-- release keeps inserting without them.
ALTER TABLE retailers ADD COLUMN no_upscale boolean NOT NULL DEFAULT false;
ALTER TABLE exports ADD COLUMN upscale real;
