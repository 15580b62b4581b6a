import { expect, it } from 'vitest';
import { toFieldErrors } from '../../server/http/errors.ts';

it('names the missing field', () => {
  expect(toFieldErrors([{ instancePath: '', keyword: 'required', params: { missingProperty: 'email' } }])).toEqual({
    email: ['The email field is required.'],
  });
});

it('turns the branches of a literal union into one "must be one of"', () => {
  const issues = [
    { instancePath: '/public', keyword: 'const', params: { allowedValue: 0 } },
    { instancePath: '/public', keyword: 'const', params: { allowedValue: 1 } },
    { instancePath: '/public', keyword: 'anyOf', params: {} },
  ];
  expect(toFieldErrors(issues)).toEqual({ public: ['The public field must be one of: 0, 1.'] });
});

it('keeps a real message over the union summary', () => {
  const issues = [
    { instancePath: '/name', keyword: 'maxLength', params: { limit: 5 } },
    { instancePath: '/name', keyword: 'anyOf', params: {} },
  ];
  expect(toFieldErrors(issues)).toEqual({ name: ['The name field must not be greater than 5 characters.'] });
});

it("drops a nullable field's 'must be of type null' beside its real issue", () => {
  const issues = [
    { instancePath: '/phone', keyword: 'maxLength', params: { limit: 40 } },
    { instancePath: '/phone', keyword: 'type', params: { type: 'null' } },
    { instancePath: '/phone', keyword: 'anyOf', params: {} },
  ];
  expect(toFieldErrors(issues)).toEqual({ phone: ['The phone field must not be greater than 40 characters.'] });
  expect(toFieldErrors([{ instancePath: '/x', keyword: 'type', params: { type: 'null' } }])).toEqual({
    x: ['The x field must be of type null.'],
  });
});

// Issue 43: a refusal names the field as the screen labels it (the contract's label, the schema's title).
it("names a labelled field by the screen's label, in the validator's answer and the form's check alike", async () => {
  const { bodyRefusal } = await import('../../server/http/check-input.ts');
  const { RetailerFields } = await import('../../src/api/contract/retailers.ts');
  const { contract } = await import('../../src/api/contract/index.ts');
  const { retailerErrors } = await import('../../src/api/contract/rules/retailer.ts');
  const { companyRegistrationRules } = await import('../../src/api/contract/rules/user.ts');
  const { tableErrors } = await import('../../src/api/contract/rules/check.ts');
  const row = {
    retailer: 'Shop',
    file_type: 'png',
    height: 10,
    width: 10,
    dpi: 72,
    color_depth: 24,
    file_size: 0,
    images_per_row: 12,
    file_name: 'a.<ext>',
  };
  expect(await bodyRefusal(RetailerFields, row)).toBe('The file size field must be greater than 0.');
  expect(retailerErrors(row).file_size).toEqual(['The file size field must be greater than 0.']);
  const body = contract.auth.registerCompany.body;
  expect(await bodyRefusal(body, { country: 'x', street: 'x', city: 'x', region: 'x', zipcode: '1', sector: 'x' })).toBe(
    'The company name field is required.',
  );
  expect(tableErrors(companyRegistrationRules, { name_company: '' }).name_company).toEqual([
    'The company name field is required.',
  ]);
  expect(
    toFieldErrors([{ instancePath: '', keyword: 'required', params: { missingProperty: 'sku' } }], {
      properties: { sku: { title: 'SKU' } },
    }),
  ).toEqual({
    sku: ['The SKU field is required.'],
  });
});
