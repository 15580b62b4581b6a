// Every rule of the retailer, invitation, account, role, self-registration and registration wizard tables on both sides: the inputs made from
// each table are refused by the portal's check and by the real server with the same words, and the
// boundaries pass both (as contract-rules.test.ts does for products, presets and templates).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableErrors } from '../../src/api/contract/rules/check.ts';
import { retailerErrors, retailerRules } from '../../src/api/contract/rules/retailer.ts';
import { mismatchWords } from '../../src/api/contract/rules/auth.ts';
import {
  accountRules,
  companyRegistrationRules,
  inviteRules,
  managerErrors,
  managerRegistrationRules,
  roleRules,
  selfRegistrationRules,
} from '../../src/api/contract/rules/user.ts';
import { call, form } from '../support/http.ts';
import { acceptedAlike, breaking, passing, refusedAlike, rows, tableCases, type Case } from '../support/rule-cases.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { ids, type Ids } from './products.fixtures.ts';

let s: TestServer;
let w: Ids;
let roleId: number;
beforeAll(async () => {
  s = await startTestServer();
  w = await ids(s);
  roleId = (await s.db.one<{ id: number }>("SELECT id FROM roles WHERE customer_id = $1 AND name = 'Registrar'", [w.acme]))!.id;
});
afterAll(async () => {
  await s.close();
});

describe('retailers', () => {
  const base = {
    retailer: 'Valid',
    file_type: 'png',
    height: 100,
    width: 100,
    dpi: 72,
    color_depth: 24,
    file_size: 5,
    images_per_row: 48,
    file_name: '<note>_<frame_num2>.<ext>',
  };
  const add = (body: Record<string, unknown>) => call(s, 'POST', '/posts/retailer/add', { token: w.tok.staff, body });
  const more: Case[] = [
    { field: 'file_name', value: 'a<b>.png', why: 'an unknown token' },
    { field: 'file_name', value: '../up.png', why: 'a path' },
    { field: 'retailer', value: undefined, why: 'missing' },
  ];

  it.each(rows([...tableCases(retailerRules, breaking), ...more]))('refused alike: %s', async (_, c) => {
    const input = { ...base, [c.field]: c.value };
    refusedAlike(await add(input), retailerErrors(input), c.field);
  });

  it.each(rows(tableCases(retailerRules, passing)))('taken alike: %s', async (_, c) => {
    const input = { ...base, [c.field]: c.value };
    acceptedAlike(await add(input), retailerErrors(input));
  });
});

describe('people and roles', () => {
  let n = 0;
  const invite = (body: Record<string, unknown>) =>
    call(s, 'POST', '/user/inside', {
      token: w.tok.acme,
      body: { id_customer: w.acme, id_role: roleId, name: 'Ann', email: `ann${++n}@example.test`, ...body },
    });
  const role = (body: Record<string, unknown>) =>
    call(s, 'POST', '/customer/role/create', { token: w.tok.acme, body: { id_customer: w.acme, ...body } });
  const me = (body: Record<string, unknown>) =>
    call(s, 'PUT', '/user/edit', { token: w.tok.acme, body: { name: 'Alice', ...body } });
  const blank: Case = { field: 'name', value: '   ', why: 'spaces alone' };

  it.each(rows([...tableCases(inviteRules, breaking), blank, { field: 'email', value: 'ann@', why: 'not an address' }]))(
    'an invitation, refused alike: %s',
    async (_, c) => {
      refusedAlike(
        await invite({ [c.field]: c.value }),
        tableErrors(inviteRules, { name: 'Ann', email: 'ann@example.test', [c.field]: c.value }),
        c.field,
      );
    },
  );
  it.each(rows(tableCases(inviteRules, passing)))('an invitation, taken alike: %s', async (_, c) => {
    acceptedAlike(
      await invite({ [c.field]: c.value }),
      tableErrors(inviteRules, { name: 'Ann', email: 'ann@example.test', [c.field]: c.value }),
    );
  });

  it.each(
    rows([
      ...tableCases(roleRules, breaking),
      { field: 'name', value: 'Role Name*', why: 'the placeholder' },
      { field: 'name', value: '', why: 'blank' },
    ]),
  )('a role name, refused alike: %s', async (_, c) => {
    refusedAlike(await role({ [c.field]: c.value }), tableErrors(roleRules, { [c.field]: c.value }), c.field);
  });
  it.each(rows(tableCases(roleRules, passing)))('a role name, taken alike: %s', async (_, c) => {
    acceptedAlike(await role({ [c.field]: c.value }), tableErrors(roleRules, { [c.field]: c.value }));
  });

  it.each(rows([...tableCases(accountRules, breaking), blank]))('my name and phone, refused alike: %s', async (_, c) => {
    refusedAlike(await me({ [c.field]: c.value }), tableErrors(accountRules, { name: 'Alice', [c.field]: c.value }), c.field);
  });
  it.each(rows(tableCases(accountRules, passing)))('my name and phone, taken alike: %s', async (_, c) => {
    acceptedAlike(await me({ [c.field]: c.value }), tableErrors(accountRules, { name: 'Alice', [c.field]: c.value }));
  });
});

describe('self-registration', () => {
  let n = 0;
  const base = () => ({ company: 'Nordic Oak', username: 'Ines', email: `ines${++n}@nordic.test`, password: 'secret123' });
  const register = (body: Record<string, unknown>) => call(s, 'POST', '/customer/register', { body });
  const more: Case[] = [
    { field: 'email', value: 'ines@nordic', why: 'not an address' },
    { field: 'company', value: '  ', why: 'spaces alone' },
  ];

  it.each(rows([...tableCases(selfRegistrationRules, breaking), ...more]))('refused alike: %s', async (_, c) => {
    const input = { ...base(), [c.field]: c.value };
    refusedAlike(await register(input), tableErrors(selfRegistrationRules, input), c.field);
  });
});

describe('the registration wizard: company, then manager', () => {
  const company = {
    name_company: 'wizard co',
    country: 'norway',
    street: 'storgata 1',
    city: 'oslo',
    region: 'oslo',
    zipcode: '0155',
    sector: 'furniture',
  };
  const registerCompany = (fields: Record<string, unknown>) =>
    call(s, 'POST', '/company/register', {
      form: form(Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Record<string, string>),
    });
  const blank: Case = { field: 'city', value: '   ', why: 'spaces alone' };

  it.each(rows([...tableCases(companyRegistrationRules, breaking), blank]))('a company, refused alike: %s', async (_, c) => {
    const input = { ...company, [c.field]: c.value };
    refusedAlike(await registerCompany(input), tableErrors(companyRegistrationRules, input), c.field);
  });
  it.each(rows(tableCases(companyRegistrationRules, passing)))('a company, taken alike: %s', async (_, c) => {
    const input = { ...company, [c.field]: c.value };
    acceptedAlike(await registerCompany(input), tableErrors(companyRegistrationRules, input));
  });

  let n = 0;
  const manager = () => ({
    name: 'wanda',
    last_name: 'wizard',
    email: `wanda${++n}@wizard.test`,
    office: 'owner',
    password: 'secret123',
    password_confirmation: 'secret123',
  });
  const registerManager = async (fields: Record<string, unknown>) => {
    const id = (await registerCompany(company)).body.id_customer as number;
    return call(s, 'POST', '/company/manager/register', {
      form: form({ id_customer: id, ...fields } as Record<string, string | number>),
    });
  };
  const more: Case[] = [
    { field: 'email', value: 'wanda@wizard', why: 'not an address' },
    { field: 'office', value: '  ', why: 'spaces alone' },
    { field: 'password_confirmation', value: 'secret124', why: 'not the password' },
  ];
  // Each case on the field the portal names (a confirmation that differs is said on the password).
  const named = (c: Case, errors: Record<string, string[]>) => (errors[c.field] ? c.field : Object.keys(errors)[0]!);

  it.each(rows([...tableCases(managerRegistrationRules, breaking), ...more]))('a manager, refused alike: %s', async (_, c) => {
    const input = { ...manager(), [c.field]: c.value };
    const errors = managerErrors(input);
    refusedAlike(await registerManager(input), errors, named(c, errors));
  });
  it("says a differing confirmation on the password, in the server's words", async () => {
    const r = await registerManager({ ...manager(), password_confirmation: 'other-one' });
    expect(r.body.errors).toEqual({ password: [mismatchWords.manager] });
  });
  it.each(rows(tableCases(managerRegistrationRules, passing).filter((c) => !c.field.startsWith('password'))))(
    'a manager, taken alike: %s',
    async (_, c) => {
      const input = { ...manager(), [c.field]: c.value };
      acceptedAlike(await registerManager(input), managerErrors(input));
    },
  );
});
