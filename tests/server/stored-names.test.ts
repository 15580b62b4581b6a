// Issue 40: every stored path a person uploads to holds at least 122 random bits: the demo's profile
// photos, a registered company's logo and manager's picture, and rows of earlier releases moved at start.
import { afterAll, beforeAll, expect, it } from 'vitest';
import sharp from 'sharp';
import { startTestServer, type TestServer } from '../support/server.ts';
import { call, form } from '../support/http.ts';
import { renameGuessablePhotos } from '../../server/db/unguessable-photos.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

const RANDOM = /^users\/[a-z-]+\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.png$/;

it('names every photo and logo of the demo and of a new registration at random', async () => {
  const photos = await s.db.query<{ photo: string }>(
    'SELECT photo FROM users WHERE photo IS NOT NULL UNION ALL SELECT photo FROM customers WHERE photo IS NOT NULL',
  );
  expect(photos.length).toBeGreaterThan(3);
  for (const { photo } of photos) expect(photo).toMatch(RANDOM);

  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3d5a80' } })
    .png()
    .toBuffer();
  const company = await call(s, 'POST', '/company/register', {
    form: form(
      {
        name_company: 'Named Co',
        country: 'france',
        street: 'rue',
        city: 'paris',
        region: 'idf',
        zipcode: '75001',
        sector: 'furniture',
      },
      { profile_logo: { name: 'logo.png', bytes: png, type: 'image/png' } },
    ),
  });
  expect(company.status, JSON.stringify(company.body)).toBe(200);
  const logo = (await s.db.one<{ photo: string }>('SELECT photo FROM customers WHERE id = $1', [company.body.id_customer]))!
    .photo;
  expect(logo).toMatch(RANDOM);
  expect((await fetch(`${s.url}/storage/${logo}`)).status).toBe(200);
});

it('moves a row of an earlier release, named by its id, to a random name, once', async () => {
  const user = (await s.db.one<{ id: number }>("SELECT id FROM users WHERE email = 'viewer@acme.test'"))!.id;
  const old = `users/clients/${user}.png`;
  await s.app.services.storage.write(
    old,
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
  );
  await s.db.query('UPDATE users SET photo = $2 WHERE id = $1', [user, old]);
  expect(await renameGuessablePhotos(s.db, s.app.services.storage)).toBe(1);
  const moved = (await s.db.one<{ photo: string }>('SELECT photo FROM users WHERE id = $1', [user]))!.photo;
  expect(moved).toMatch(RANDOM);
  expect((await fetch(`${s.url}/storage/${moved}`)).status).toBe(200);
  expect((await fetch(`${s.url}/storage/${old}`)).status).toBe(404);
  expect(await renameGuessablePhotos(s.db, s.app.services.storage)).toBe(0);
});
