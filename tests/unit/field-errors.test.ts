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
