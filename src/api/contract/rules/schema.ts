// The validator's schemas, built from the rule tables (check.ts), so the server refuses exactly what
// a form refuses. The contract's call files use these; the portal imports only types from here.
import {
  Type,
  type SchemaOptions,
  type TBoolean,
  type TInteger,
  type TNumber,
  type TOptional,
  type TString,
  type TUnsafe,
  type Static,
} from '@sinclair/typebox';
import { Flag, Int, Num, Str } from '../define.ts';
import type { BooleanRule, ChoiceRule, FieldRule, FlagRule, NumberRule, RuleTable, TextRule } from './check.ts';

export type SchemaOf<R> = R extends TextRule
  ? TString
  : R extends NumberRule
    ? R extends { integer: true }
      ? TInteger
      : TNumber
    : R extends ChoiceRule<infer V>
      ? TUnsafe<V>
      : R extends FlagRule
        ? typeof Flag
        : R extends BooleanRule
          ? TBoolean
          : never;
export type SchemasOf<T extends RuleTable> = { -readonly [K in keyof T]: SchemaOf<T[K]> };
type OptionalOf<T extends RuleTable> = { -readonly [K in keyof T]: TOptional<SchemaOf<T[K]>> };
/** The values a rule table describes, typed from its schemas. */
export type ValuesOf<T extends RuleTable> = { -readonly [K in keyof T]: Static<SchemaOf<T[K]>> };

export function schemaOf<R extends FieldRule>(rule: R, given: SchemaOptions = {}): SchemaOf<R> {
  const r = rule as FieldRule;
  // The label is the schema's title: the server's refusals name the field by it (server/http/errors.ts).
  const options = r.label ? { title: r.label, ...given } : given;
  switch (r.kind) {
    case 'text':
      return Str(r.max, r.min, options) as SchemaOf<R>;
    case 'number': {
      if (r.integer) return Int(r.min, r.max, options) as SchemaOf<R>;
      const least = r.exclusiveMin ? { exclusiveMinimum: r.min } : { minimum: r.min };
      return Num({ ...options, ...least, maximum: r.max }) as SchemaOf<R>;
    }
    case 'choice':
      // An enum rather than a union of literals: its failure is one issue that names the field.
      return Type.Unsafe({
        ...options,
        type: typeof r.values[0] === 'number' ? 'integer' : 'string',
        enum: [...r.values],
      }) as SchemaOf<R>;
    case 'flag':
      return (Object.keys(options).length ? Type.Union([Type.Literal(0), Type.Literal(1)], options) : Flag) as SchemaOf<R>;
    case 'boolean':
      return Type.Boolean(options) as SchemaOf<R>;
  }
}

export const schemasOf = <T extends RuleTable>(table: T): SchemasOf<T> =>
  Object.fromEntries(Object.entries(table).map(([k, r]) => [k, schemaOf(r)])) as SchemasOf<T>;

/** Every field optional: an edit sends what changed, a create takes defaults for the rest. */
export const optionalSchemasOf = <T extends RuleTable>(table: T): OptionalOf<T> =>
  Object.fromEntries(Object.entries(table).map(([k, r]) => [k, Type.Optional(schemaOf(r))])) as OptionalOf<T>;
