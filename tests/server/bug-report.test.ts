// Document 1 §7 bug report: stored row, private file with a generated name, mail to the studio.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bugReportErrors, bugReportRules } from '../../src/api/contract/rules/bug-report.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { call, DEMO, form } from '../support/http.ts';
import { acceptedAlike, breaking, passing, refusedAlike, rows, tableCases } from '../support/rule-cases.ts';

let s: TestServer;
let acme: number;
let borealis: number;
let png: Uint8Array;
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};
const PATH = '/api/report-bug';

beforeAll(async () => {
  s = await startTestServer();
  acme = (await s.db.one<{ id: number }>(`SELECT id FROM customers WHERE name = 'Acme Living'`))!.id;
  borealis = (await s.db.one<{ id: number }>(`SELECT id FROM customers WHERE name = 'Borealis Home'`))!.id;
  for (const email of [DEMO.staff, DEMO.acme, DEMO.viewer, DEMO.borealis]) {
    ids[email] = (await s.db.one<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]))!.id;
    tokens[email] = await s.tokenFor(email);
  }
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await s.close();
});

const fields = (who: string, extra: Record<string, string | number> = {}) => ({
  id_user: ids[who]!,
  id_customer: who === DEMO.borealis ? borealis : acme,
  subject: 'Catalog freezes',
  description: 'The grid stops scrolling after 200 rows.',
  url: 'http://localhost/catalog',
  ...extra,
});
const send = (who: string, f: FormData) => call(s, 'POST', PATH, { token: tokens[who], form: f });
const reports = async () => (await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM bug_reports'))!.n;
const mails = () => (existsSync(s.config.mailDir) ? readdirSync(s.config.mailDir) : []);
const readMail = (name: string) => readFileSync(join(s.config.mailDir, name), 'utf8').replace(/=\r?\n/g, '');

/** Every file name under a folder, recursively. */
function namesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? namesUnder(join(dir, e.name)) : [e.name]));
}

function expectRefusal(r: { status: number; body: unknown }, status: number) {
  expect(r.status).toBe(status);
  expect(r.body).toMatchObject({ success: false, message: expect.any(String) });
  expect(JSON.stringify(r.body)).not.toMatch(/ACM-|BOR-|Catalog freezes/);
}

describe('POST /api/report-bug', () => {
  it('stores the report and its first file privately, and mails the studio', async () => {
    const mailsBefore = mails().length;
    const r = await send(DEMO.acme, form(fields(DEMO.acme), { file: { name: 'screen.png', bytes: png, type: 'image/png' } }));
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, message: 'Bug report sent successfully!' });
    const row = await s.db.one<Record<string, unknown>>('SELECT * FROM bug_reports ORDER BY id DESC LIMIT 1');
    expect(row).toMatchObject({
      user_id: ids[DEMO.acme],
      customer_id: acme,
      subject: 'Catalog freezes',
      description: 'The grid stops scrolling after 200 rows.',
      url: 'http://localhost/catalog',
    });
    expect(row!.file).toMatch(/^private\/bug-reports\/[0-9a-f-]{36}\.png$/);
    expect(readFileSync(join(s.config.storageDir, row!.file as string))).toEqual(Buffer.from(png));
    // private/ is never served.
    const served = await fetch(`${s.url}/storage/${row!.file as string}`);
    expect(served.status).toBeGreaterThanOrEqual(400);
    expect(served.status).toBeLessThan(500);

    const added = mails().slice(mailsBefore);
    expect(added).toHaveLength(1);
    const eml = readMail(added[0]!);
    expect(eml).toMatch(/^To: support@facet\.test/m);
    expect(eml).toContain('Catalog freezes');
    expect(eml).toContain('The grid stops scrolling after 200 rows.');
    expect(eml).toContain(row!.file as string);
  });

  it('takes a report without a file, as JSON or multipart, and without url', async () => {
    const { url: _url, ...noUrl } = fields(DEMO.acme);
    expect((await send(DEMO.acme, form(noUrl))).body).toEqual({ success: true, message: 'Bug report sent successfully!' });
    const row = await s.db.one<{ file: string | null; url: string | null }>(
      'SELECT file, url FROM bug_reports ORDER BY id DESC LIMIT 1',
    );
    expect(row).toEqual({ file: null, url: null });
    const json = await call(s, 'POST', PATH, { token: tokens[DEMO.acme], body: fields(DEMO.acme) });
    expect(json.body).toEqual({ success: true, message: 'Bug report sent successfully!' });
  });

  it('keeps only the first of several files', async () => {
    const f = form(fields(DEMO.acme), { file: { name: 'a.png', bytes: png } });
    f.append('file', new Blob([Buffer.from('second file')]), 'b.txt');
    expect((await send(DEMO.acme, f)).status).toBe(200);
    const row = await s.db.one<{ file: string }>('SELECT file FROM bug_reports ORDER BY id DESC LIMIT 1');
    expect(row!.file).toMatch(/\.png$/);
    expect(namesUnder(join(s.config.storageDir, 'private')).filter((n) => n.endsWith('.txt'))).toEqual([]);
  });

  it('stores any kind of file, even a damaged image', async () => {
    const broken = Buffer.concat([Buffer.from(png).subarray(0, 40), Buffer.alloc(20)]);
    expect((await send(DEMO.acme, form(fields(DEMO.acme), { file: { name: 'broken.png', bytes: broken } }))).status).toBe(200);
    const damaged = await s.db.one<{ file: string }>('SELECT file FROM bug_reports ORDER BY id DESC LIMIT 1');
    expect(readFileSync(join(s.config.storageDir, damaged!.file))).toEqual(broken);
    expect(
      (await send(DEMO.acme, form(fields(DEMO.acme), { file: { name: 'log.txt', bytes: Buffer.from('trace') } }))).status,
    ).toBe(200);
    const row = await s.db.one<{ file: string }>('SELECT file FROM bug_reports ORDER BY id DESC LIMIT 1');
    expect(row!.file).toMatch(/^private\/bug-reports\/[0-9a-f-]{36}\.txt$/);
  });

  it('lets staff report from the provider context and viewers from their company', async () => {
    expect((await send(DEMO.staff, form({ ...fields(DEMO.staff), id_customer: -1 }))).status).toBe(200);
    expect(await s.db.one('SELECT customer_id FROM bug_reports ORDER BY id DESC LIMIT 1')).toEqual({ customer_id: -1 });
    expect((await send(DEMO.viewer, form(fields(DEMO.viewer)))).status).toBe(200);
  });

  it('stores a file named ../../x.png under a generated name, inside storage', async () => {
    const r = await send(DEMO.acme, form(fields(DEMO.acme), { file: { name: '../../x.png', bytes: png } }));
    expect(r.status).toBe(200);
    const row = await s.db.one<{ file: string }>('SELECT file FROM bug_reports ORDER BY id DESC LIMIT 1');
    expect(row!.file).toMatch(/^private\/bug-reports\/[0-9a-f-]{36}\.png$/);
    expect(namesUnder(s.config.dataDir)).not.toContain('x.png');
    for (const dir of [dirname(s.config.dataDir), dirname(dirname(s.config.dataDir))]) {
      expect(readdirSync(dir)).not.toContain('x.png');
    }
  });
});

describe('tenancy matrix', () => {
  it.each([
    ['borealis manager for Acme', DEMO.borealis, { id_customer: 0 }],
    ['acme manager for Borealis', DEMO.acme, { id_customer: -99 }],
    ['acme viewer for Borealis', DEMO.viewer, { id_customer: -99 }],
    ['a customer for the provider context', DEMO.acme, { id_customer: -1 }],
    ['staff for an unknown company', DEMO.staff, { id_customer: 999999 }],
  ] as const)('%s -> 403, nothing stored or mailed', async (_n, who, o) => {
    const customer = o.id_customer === 0 ? acme : o.id_customer === -99 ? borealis : o.id_customer;
    const [before, mailsBefore] = [await reports(), mails().length];
    expectRefusal(await send(who, form(fields(who, { id_customer: customer }), { file: { name: 'a.png', bytes: png } })), 403);
    expect(await reports()).toBe(before);
    expect(mails()).toHaveLength(mailsBefore);
  });

  it("refuses a report in someone else's name", async () => {
    const before = await reports();
    expectRefusal(await send(DEMO.acme, form(fields(DEMO.acme, { id_user: ids[DEMO.viewer]! }))), 403);
    expectRefusal(await send(DEMO.acme, form(fields(DEMO.acme, { id_user: 999999 }))), 403);
    expect(await reports()).toBe(before);
  });

  it('needs a token', async () => {
    expectRefusal(await call(s, 'POST', PATH, { form: form(fields(DEMO.acme)) }), 401);
  });
});

describe('bad input', () => {
  const big = 'x'.repeat(100 * 1024);
  const without = (field: string) => Object.fromEntries(Object.entries(fields(DEMO.acme)).filter(([k]) => k !== field));
  it.each([
    ['missing id_user', () => without('id_user'), 'id_user'],
    ['missing id_customer', () => without('id_customer'), 'id_customer'],
    ['missing subject', () => without('subject'), 'subject'],
    ['missing description', () => without('description'), 'description'],
    ['empty subject', () => fields(DEMO.acme, { subject: '' }), 'subject'],
    ['text id_user', () => fields(DEMO.acme, { id_user: 'me' }), 'id_user'],
    ['text id_customer', () => fields(DEMO.acme, { id_customer: 'acme' }), 'id_customer'],
    ['id_customer below -1', () => fields(DEMO.acme, { id_customer: -5 }), 'id_customer'],
    ['100 kB subject', () => fields(DEMO.acme, { subject: big }), 'subject'],
    ['100 kB description', () => fields(DEMO.acme, { description: big }), 'description'],
    ['100 kB url', () => fields(DEMO.acme, { url: big }), 'url'],
  ] as const)('%s -> 422 naming the field', async (_n, f, field) => {
    const before = await reports();
    // Made when the test runs: the ids are known only after beforeAll.
    const r = await send(DEMO.acme, form(f() as Record<string, string | number>));
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ success: false, message: expect.any(String) });
    expect(r.body.errors[field].length).toBeGreaterThan(0);
    expect(await reports()).toBe(before);
  });

  it('refuses an empty file and an unexpected file field', async () => {
    const empty = await send(DEMO.acme, form(fields(DEMO.acme), { file: { name: 'e.png', bytes: new Uint8Array() } }));
    expect(empty.status).toBe(422);
    expect(empty.body.errors.file).toEqual(['The file is empty.']);
    const other = await send(DEMO.acme, form(fields(DEMO.acme), { picture: { name: 'a.png', bytes: png } }));
    expect(other.status).toBe(422);
    expect(other.body.errors.picture).toHaveLength(1);
  });

  it('refuses a broken JSON body without a 5xx', async () => {
    const r = await fetch(`${s.api}${PATH}`, {
      method: 'POST',
      body: '{"id_user": ',
      headers: { authorization: `Bearer ${tokens[DEMO.acme]}`, 'content-type': 'application/json' },
    });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ success: false, message: expect.any(String) });
  });
});

describe('the dialog’s rules on both sides (the contract’s table)', () => {
  const input = (field: string, value: unknown) => ({ ...fields(DEMO.acme), [field]: value as string });
  it.each(rows(tableCases(bugReportRules, breaking)))('refused alike: %s', async (_, c) => {
    const before = await reports();
    refusedAlike(await send(DEMO.acme, form(input(c.field, c.value))), bugReportErrors(input(c.field, c.value)), c.field);
    expect(await reports()).toBe(before);
  });
  it.each(rows(tableCases(bugReportRules, passing)))('taken alike: %s', async (_, c) => {
    acceptedAlike(await send(DEMO.acme, form(input(c.field, c.value))), bugReportErrors(input(c.field, c.value)));
  });
});
