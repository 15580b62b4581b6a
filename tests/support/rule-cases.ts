// Inputs made from a contract rule table: for each field, values that break each of its rules and the
// boundary values that pass. The unit and server tests run the same ones through the portal's check
// and through the real server, so no rule of a table goes untested on either side.
import { expect } from 'vitest';
import {
  firstError,
  type FieldErrors,
  type FieldRule,
  type RuleTable,
  type TextRule,
} from '../../src/api/contract/rules/check.ts';
import type { CallResult } from './http.ts';

export interface Case {
  field: string;
  value: unknown;
  /** What the case is about, for the test's name. */
  why: string;
}

const chars = (n: number) => 'x'.repeat(n);
/** Strings a format (a dimension, a name that is not blank) may take or refuse: each rule sorts them itself. */
const TRICKY = ['-1', '\u22123', 'abc', '-', '12 1/0', '12 cm', '   ', `6' 2 1/2"`, '12,5', '.5', '1/2'];
const refusedBy = (field: string, r: TextRule) => (v: string) => !!r.format?.(field, v.trim());

/** Values the rule refuses. */
export function breaking(field: string, r: FieldRule): Case[] {
  const c = (value: unknown, why: string): Case => ({ field, value, why });
  switch (r.kind) {
    case 'text':
      return [
        c(chars(r.max + 1), `longer than ${r.max}`),
        c(`${'é'.repeat(r.max)}😀`, 'one code point too many'),
        c('a\u0000b', 'a NUL character'),
        ...(r.min > 0 ? [c('', 'blank')] : []),
        ...TRICKY.filter(refusedBy(field, r)).map((v) => c(v, `its format refuses ${JSON.stringify(v)}`)),
      ];
    case 'number':
      return [
        c(r.max + 1, 'above the range'),
        c(r.min - 1, 'below the range'),
        c('abc', 'not a number'),
        ...(r.exclusiveMin ? [c(r.min, 'the excluded least')] : []),
        ...(r.integer ? [c(r.min + 0.5, 'not an integer')] : []),
      ];
    case 'choice':
      return [c('zz', 'not one of the choices')];
    case 'flag':
      return [c(2, 'neither 0 nor 1')];
    case 'boolean':
      // The validator coerces 0, 1, 'true' and 'false' as it coerces numbers; these it cannot.
      return [c(2, 'a number, not true or false'), c('yes', 'a word, not true or false')];
  }
}

/** Values the rule takes: its boundaries. */
export function passing(field: string, r: FieldRule): Case[] {
  const c = (value: unknown, why: string): Case => ({ field, value, why });
  switch (r.kind) {
    case 'text': {
      const takes = (v: string) => v.length >= r.min && !refusedBy(field, r)(v);
      return [
        ...[chars(r.max), '1'.repeat(r.max), `${'é'.repeat(r.max - 1)}😀`]
          .filter(takes)
          .map((v) => c(v, `${r.max} characters: ${v.slice(0, 3)}…`)),
        ...['', ...TRICKY].filter(takes).map((v) => c(v, `its format takes ${JSON.stringify(v)}`)),
      ];
    }
    case 'number':
      return [c(r.max, 'the most'), ...(r.exclusiveMin ? [] : [c(r.min, 'the least')])];
    case 'choice':
      return r.values.map((v) => c(v, `the choice ${JSON.stringify(v)}`));
    case 'flag':
      return [c(0, 'off'), c(1, 'on')];
    case 'boolean':
      return [c(false, 'false'), c(true, 'true')];
  }
}

export const tableCases = (table: RuleTable, pick: (field: string, r: FieldRule) => Case[]) =>
  Object.entries(table).flatMap(([field, r]) => pick(field, r));

export const caseName = (c: Case) => `${c.field}: ${c.why}`;
/** it.each's rows: the case's name, then the case. */
export const rows = (cases: Case[]) => cases.map((c) => [caseName(c), c] as const);

/** The server refused the input with the very words the portal's check gives for it. */
export function refusedAlike(r: CallResult, form: FieldErrors, field: string) {
  expect(form[field], 'the portal refuses it too').toBeDefined();
  expect(r.status, JSON.stringify(r.body)).toBe(422);
  expect(r.body.errors[field]).toEqual(form[field]);
  expect(r.body.message).toBe(firstError(form));
}

/** Both sides take the input. */
export function acceptedAlike(r: CallResult, form: FieldErrors) {
  expect(form).toEqual({});
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}
