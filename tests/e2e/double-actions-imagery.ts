// The product screen's imagery write actions for tests/e2e/double-everything.test.ts: a saved preset
// changed and deleted, uploads of every section (vignette, a 360 group, videos, 3D files), the
// viewer's thumbnail dropped twice, the Video page's tailor request, Send to email in vignette and
// silo (issue 27; 360's is in double-actions.ts) and an export's Retry.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { imageFile } from './registration-helpers.ts';
import { loaded, openSection, type PresetSection } from './imagery-helpers.ts';
import { button, countOf, dialog, doubleClick, keysOn, SAVED, toasts, type WriteAction } from './double-helpers.ts';

const presetPath = (section: PresetSection, verb: 'edit' | 'delete') =>
  `/${verb === 'edit' ? 'puts' : 'deletes'}/product/automation/${section}/config/${verb}`;

/** The section's first preset picked and one control changed, Save double-clicked: one update. */
const presetUpdate = (section: PresetSection): WriteAction => ({
  name: `${section} preset saved`,
  as: 'manager',
  open: async (page, c) => {
    await openSection(page, c.url, c.productId, section);
    await loaded(page);
    await page.getByRole('button', { name: 'Preset 1', exact: true }).click();
    const shadow = page.getByLabel('Drop Shadow value', { exact: true });
    await shadow.fill('41');
    await shadow.press('Enter');
  },
  act: (page) => doubleClick(page.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name: 'Save' })),
  done: async (page) => {
    const popup = dialog(page, 'Update preset');
    await popup.getByText('Saved!', { exact: true }).waitFor();
    await popup.getByRole('button', { name: 'OK' }).click();
  },
  count: (db) => keysOn(db, presetPath(section, 'edit')),
});

/** The section's last preset deleted, its confirmation double-clicked: one delete. */
const presetDelete = (section: PresetSection): WriteAction => ({
  name: `${section} preset deleted`,
  as: 'manager',
  open: async (page, c) => {
    await openSection(page, c.url, c.productId, section);
    await loaded(page);
    await page
      .getByRole('button', { name: /^Delete Preset \d+$/ })
      .last()
      .click();
  },
  act: (page) => doubleClick(dialog(page, 'Delete preset').getByRole('button', { name: 'Delete', exact: true })),
  done: (page) => toasts(page, SAVED).first().waitFor(),
  count: (db) => keysOn(db, presetPath(section, 'delete')),
  toast: SAVED,
});

type Payload = { name: string; mimeType: string; buffer: Buffer };

/** The files chosen in an upload dialog, Upload double-clicked: each file once. */
const upload = (
  name: string,
  how: { section: Parameters<typeof openSection>[3]; dialog: string; list: string; file: () => Promise<Payload> },
): WriteAction => ({
  name,
  as: 'manager',
  open: async (page, c) => {
    await openSection(page, c.url, c.productId, how.section);
    await loaded(page);
    await button(page, 'Upload').click();
    await dialog(page, how.dialog)
      .locator('input[type=file]')
      .setInputFiles(await how.file());
  },
  act: (page) => doubleClick(dialog(page, how.dialog).getByRole('button', { name: 'Upload', exact: true })),
  done: (page) => dialog(page, how.dialog).getByText('Upload complete', { exact: true }).waitFor(),
  count: (db, c) =>
    countOf(db, 'SELECT count(*)::int AS n FROM product_uploads WHERE product_id = $1 AND section = $2', [c.productId, how.list]),
});

/** A minimal MP4 (an ISO file-type box and an empty media box): what the video check sniffs. */
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2'),
  Buffer.from([0, 0, 0, 0x10]),
  Buffer.from('mdat'),
  Buffer.alloc(8),
]);

/** A file on disk: dropped twice, it is the same file (same name, size and date), as a user's is. */
async function onDisk(name: string) {
  const path = join(mkdtempSync(join(tmpdir(), 'facet-double-')), name);
  writeFileSync(path, (await imageFile(name, '#5a7d9a')).buffer);
  return path;
}

let thumb: Promise<string> | undefined;
const thumbFile = () => (thumb ??= onDisk('thumb-once.png'));
const drop = async (page: Page) => page.getByLabel('Replace the thumbnail').setInputFiles(await thumbFile());

/** Download Options' '4K Images' chosen for the section's selected preset, Send to email double-clicked: one export. */
const sendToEmail = (section: 'silo' | 'vignette'): WriteAction => ({
  name: `${section} Send to email`,
  as: 'manager',
  open: async (page, c) => {
    await openSection(page, c.url, c.productId, section);
    await loaded(page);
    await page.getByRole('switch', { name: '4K Images' }).click();
  },
  act: (page) => doubleClick(button(page, 'Send to email')),
  done: (page) => page.getByText('Download requested').first().waitFor(),
  count: (db, c) =>
    countOf(db, 'SELECT count(*)::int AS n FROM exports WHERE product_id = $1 AND section = $2', [c.productId, section]),
  toast: 'Download requested',
});

export const IMAGERY_ACTIONS: WriteAction[] = [
  presetUpdate('silo'),
  presetUpdate('vignette'),
  presetUpdate('360'),
  presetDelete('silo'),
  presetDelete('vignette'),
  presetDelete('360'),
  sendToEmail('vignette'),
  sendToEmail('silo'),
  upload('vignette upload', {
    section: 'vignette',
    dialog: 'Upload images',
    list: 'vignette',
    file: () => imageFile('vignette-once.png'),
  }),
  upload('360 upload (a new group)', {
    section: '360',
    dialog: 'Upload 360 photos',
    list: '360',
    file: () => imageFile('spin-once.png'),
  }),
  upload('video upload', {
    section: 'video',
    dialog: 'Upload videos',
    list: 'videos',
    file: async () => ({ name: 'once.mp4', mimeType: 'video/mp4', buffer: MP4 }),
  }),
  upload('3D file upload', {
    section: '3d-files',
    dialog: 'Upload 3D files',
    list: '3dfiles',
    file: async () => ({ name: 'once.obj', mimeType: 'text/plain', buffer: Buffer.from('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n') }),
  }),
  {
    name: 'viewer thumbnail, dropped twice',
    as: 'manager',
    open: async (page, c) => {
      await page.goto(`${c.url}/product/${c.productId}?section=3d-viewer`);
      await page.getByLabel('Replace the thumbnail').waitFor({ state: 'attached' });
    },
    act: async (page) => {
      await drop(page);
      await drop(page);
    },
    done: (page) => toasts(page, SAVED).first().waitFor(),
    count: (db) => keysOn(db, '/posts/product/viewer/imagelazyload/store'),
    toast: SAVED,
  },
  {
    name: 'tailor request (Video)',
    as: 'manager',
    open: async (page, c) => {
      await openSection(page, c.url, c.productId, 'video');
      await loaded(page);
    },
    act: (page) => doubleClick(button(page, 'Click here to be contacted')),
    done: (page) => page.getByText('A tailor-made service was requested today.').waitFor(),
    count: (db, c) =>
      countOf(db, "SELECT count(*)::int AS n FROM tailor_requests WHERE product_id = $1 AND page = 'Video'", [c.productId]),
    toast: 'Request sent',
  },
  {
    name: 'export Retry (Downloads)',
    as: 'manager',
    open: async (page, c) => {
      // A failed 360 export of this product (a copy of the one 360's Send to email queued), as a render that broke leaves it.
      await c.s.db.query(
        `INSERT INTO exports (customer_id, product_id, preset_id, preset_version, section, preset, retailer_id, spec, note, status, total, token, email, reason, created_by)
         SELECT customer_id, product_id, preset_id, preset_version, section, preset, retailer_id, spec, note, 'failed', total, md5(random()::text), email, 'The render stopped.', created_by
           FROM exports WHERE product_id = $1 AND section = '360' ORDER BY id LIMIT 1`,
        [c.productId],
      );
      await openSection(page, c.url, c.productId, '360');
      await loaded(page);
      await page.locator('[data-testid=export-job][data-status=failed]').getByRole('button', { name: 'Retry' }).waitFor();
    },
    act: (page) =>
      doubleClick(page.locator('[data-testid=export-job][data-status=failed]').getByRole('button', { name: 'Retry' })),
    done: (page) => toasts(page, 'Queued again').first().waitFor(),
    count: (db) => keysOn(db, '/posts/product/automation/exports/retry'),
    toast: 'Queued again',
  },
];
