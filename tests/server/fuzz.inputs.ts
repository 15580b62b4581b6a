// Generated inputs for the fuzz test: a plausible request for a route (valid tokens and the
// caller's own company, so validation and the handler are reached), then one class of damage.
import fc from 'fast-check';
import { escape, RAW, rawText, type Field, type FilePart, type FuzzRoute, type Input, type Schema } from './fuzz.routes.ts';

export interface Account {
  email: string;
  token: string;
  staff: boolean;
  companies: number[];
}
export interface Ctx {
  accounts: Account[];
  marker: string;
  png: Buffer;
  jpg: Buffer;
}

/** One kind of damage. `strict`: the server must refuse it (4xx); otherwise it may also accept it. */
export interface Mutation {
  label: string;
  strict: boolean;
  apply: (i: Input) => Input;
}
export type MutationClass = (route: FuzzRoute, ctx: Ctx) => fc.Arbitrary<Mutation> | null;

const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
const INT4 = { min: -2147483648, max: 2147483647 };

const branch = (s: Schema): Schema => s.anyOf?.find((b) => b.type !== 'null') ?? s;
const typeOf = (s: Schema) => branch(s).type ?? (branch(s).enum ? typeof branch(s).enum![0] : undefined);
const isNumeric = (f: Field) => ['integer', 'number'].includes(typeOf(f.schema) ?? '');
const isString = (f: Field) => typeOf(f.schema) === 'string' && !branch(f.schema).enum;

function validValue(f: Field, route: FuzzRoute, acc: Account): fc.Arbitrary<unknown> {
  const s = branch(f.schema);
  if (s.enum) return fc.constantFrom(...s.enum);
  if ('const' in s) return fc.constant(s.const);
  if (route.tenant?.customer?.field === f.name) return fc.constantFrom(...acc.companies);
  switch (s.type) {
    case 'integer':
    case 'number': {
      if (/^id/.test(f.name)) return fc.integer({ min: Math.max(1, s.minimum ?? 1), max: 80 });
      const lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 0);
      return fc.integer({ min: lo, max: Math.min(s.maximum ?? lo + 100, lo + 100) });
    }
    case 'string': {
      if (/email/.test(f.name)) return fc.nat(99999).map((n) => `fuzz${n}@fuzz.test`);
      if (/password/.test(f.name)) return fc.constant('fuzzpass123');
      const min = Math.max(1, s.minLength ?? 0);
      return fc.string({
        unit: fc.constantFrom(...ALNUM),
        minLength: min,
        maxLength: Math.max(min, Math.min(s.maxLength ?? 20, 20)),
      });
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.constant([]);
    default:
      return fc.constant({});
  }
}

const goodFile = (ctx: Ctx, exts: string[]): FilePart =>
  exts.length && !exts.includes('png')
    ? { filename: 'fuzz.jpg', bytes: ctx.jpg, contentType: 'image/jpeg' }
    : { filename: 'fuzz.png', bytes: ctx.png, contentType: 'image/png' };

/** A request that would pass validation: the caller's own company, plausible values. */
export function baseInput(route: FuzzRoute, ctx: Ctx): fc.Arbitrary<Input> {
  const eligible = route.auth === 'staff' ? ctx.accounts.filter((a) => a.staff) : ctx.accounts;
  return fc.constantFrom(...eligible).chain((acc) => {
    const values = Object.fromEntries(
      route.fields.map((f) => {
        const v = validValue(f, route, acc);
        return [`${f.where}.${f.name}`, f.required ? v : fc.option(v, { nil: undefined })];
      }),
    );
    const files = Object.fromEntries(route.files.map((f) => [f.name, f.required ? fc.constant(true) : fc.boolean()]));
    return fc
      .record({ values: fc.record(values), files: fc.record(files), anonymous: fc.boolean() })
      .map(({ values: v, files: want, anonymous }) => {
        const input: Input = {
          token: route.auth === 'public' && anonymous ? undefined : acc.token,
          params: {},
          query: {},
          body: {},
          files: {},
        };
        for (const f of route.fields)
          if (v[`${f.where}.${f.name}`] !== undefined) input[f.where][f.name] = v[`${f.where}.${f.name}`];
        for (const f of route.files) if (want[f.name]) input.files[f.name] = goodFile(ctx, f.extensions);
        return input;
      });
  });
}

export const withField = (i: Input, f: Pick<Field, 'where' | 'name'>, v: unknown): Input => ({
  ...i,
  [f.where]: { ...i[f.where], [f.name]: v },
});
const without = (i: Input, f: Field): Input => {
  const copy = { ...i[f.where] };
  delete copy[f.name];
  return { ...i, [f.where]: copy };
};
const pickField = (fields: Field[]) => (fields.length ? fc.constantFrom(...fields) : null);

const missing: MutationClass = (route) => {
  const items = [
    ...route.fields.filter((f) => f.required).map((f) => ({ field: f })),
    ...route.files.filter((f) => f.required).map((f) => ({ file: f.name })),
  ];
  if (!items.length) return null;
  return fc.constantFrom(...items).map((it) =>
    'field' in it
      ? { label: `missing ${it.field.name}`, strict: true, apply: (i: Input) => without(i, it.field) }
      : {
          label: `missing file ${it.file}`,
          strict: true,
          apply: (i: Input) => ({ ...i, files: Object.fromEntries(Object.entries(i.files).filter(([k]) => k !== it.file)) }),
        },
  );
};

const extra: MutationClass = (route) => {
  const where = fc.constantFrom<Field['where']>(...(route.hasBody ? (['query', 'body'] as const) : (['query'] as const)));
  return fc
    .tuple(where, fc.string({ unit: fc.constantFrom(...'abcxyz_'), minLength: 1, maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }))
    .map(([w, key, value]) => ({
      label: `extra ${w}.fuzz_${key}`,
      strict: false,
      apply: (i: Input) => withField(i, { where: w, name: `fuzz_${key}` }, value),
    }));
};

const wrongType: MutationClass = (route) => {
  const field = pickField(route.fields);
  if (!field) return null;
  const value = fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.double(),
    fc.string({ maxLength: 8 }),
    fc.array(fc.integer(), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 2 }),
  );
  return fc.tuple(field, value).map(([f, v]) => ({
    label: `wrong type ${f.name}=${JSON.stringify(v)}`.slice(0, 80),
    strict: false,
    apply: (i: Input) => withField(i, f, v),
  }));
};

const nul: MutationClass = (route) => {
  const field = pickField(route.fields.filter(isString));
  if (!field) return null;
  return fc
    .tuple(field, fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }))
    .map(([f, a, b]) => ({ label: `NUL in ${f.name}`, strict: true, apply: (i: Input) => withField(i, f, `${a}\u0000${b}`) }));
};

const CONTROL = ['\u0001', '\u0008', '\t', '\n', '\r', '\u001b', '\u001f', '\u007f', '\u0085', '\u2028', '\ufeff', '\ud800', 'a'];
const control: MutationClass = (route) => {
  const field = pickField(route.fields.filter(isString));
  if (!field) return null;
  return fc
    .tuple(field, fc.string({ unit: fc.constantFrom(...CONTROL), minLength: 1, maxLength: 8 }))
    .map(([f, v]) => ({ label: `control characters in ${f.name}`, strict: false, apply: (i: Input) => withField(i, f, v) }));
};

/** Refused by the schema: not finite, not whole (for integers), or outside its range (int4 when it sets none). */
function badNumber(s: Schema, v: unknown): boolean {
  const b = branch(s);
  const n = typeof v === 'number' ? v : Number(rawText(v));
  if (!Number.isFinite(n)) return true;
  if (b.enum) return !b.enum.includes(n);
  if (b.type === 'integer' && !Number.isInteger(n)) return true;
  const max = b.maximum ?? (b.type === 'integer' ? INT4.max : Infinity);
  const min = b.minimum ?? (b.exclusiveMinimum !== undefined ? -Infinity : b.type === 'integer' ? INT4.min : -Infinity);
  return n > max || n < min || (b.exclusiveMinimum !== undefined && n <= b.exclusiveMinimum);
}

const NUMBERS: unknown[] = [
  'Infinity',
  '-Infinity',
  'NaN',
  '1e999',
  '-1e999',
  2147483648,
  -2147483649,
  '9007199254740993',
  1e300,
  -1e300,
  1.5,
  '2.5',
  1e21,
];
const nonFinite: MutationClass = (route) => {
  const field = pickField(route.fields.filter(isNumeric));
  if (!field) return null;
  return field.chain((f) =>
    fc
      .constantFrom(...NUMBERS, ...(f.where === 'body' ? [RAW('1e999'), RAW('-1e999'), RAW('9007199254740993')] : []))
      .map((v) => ({
        label: `${f.name}=${rawText(v)}`,
        strict: badNumber(f.schema, v),
        apply: (i: Input) => withField(i, f, v),
      })),
  );
};

const HUGE = 100 * 1024;
const huge: MutationClass = (route) => {
  const field = pickField(route.fields);
  if (!field) return null;
  return fc.tuple(field, fc.constantFrom('x', '9', 'é', ' ')).map(([f, ch]) => ({
    label: `100 kB ${f.name}`,
    // Ajv's coercion reads a blank string as 0, so 100 kB of spaces is a valid number (noted, accepted).
    strict: isString(f) ? (branch(f.schema).maxLength ?? Infinity) < HUGE : ch !== ' ',
    apply: (i: Input) => withField(i, f, ch.repeat(HUGE)),
  }));
};

export const pathLike = (marker: string) => [
  `../../${marker}`,
  `/tmp/${marker}`,
  `..\\..\\${marker}`,
  `/${marker}`,
  `%2e%2e%2f${marker}`,
  `C:\\${marker}`,
  '../../../../../../etc/passwd',
  `./../${marker}`,
];
const pathy: MutationClass = (route, ctx) => {
  const field = pickField(route.fields.filter(isString));
  if (!field) return null;
  return fc
    .tuple(field, fc.constantFrom(...pathLike(ctx.marker)))
    .map(([f, v]) => ({ label: `path-like ${f.name}`, strict: false, apply: (i: Input) => withField(i, f, v) }));
};

const BAD_JSON = [
  '{',
  '{"a":',
  '[1,2',
  'nul',
  '{"a":1}}',
  "{'a':1}",
  '\u0000',
  '',
  ' ',
  '{"a":1,}',
  '['.repeat(60_000),
  '{"a":'.repeat(15_000),
  '"text"',
  '123',
  'null',
  '[]',
  'true',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '{"a":"\\ud800"',
  '\ufeff{}',
];
const badJson: MutationClass = (route) => {
  if (!route.hasBody) return null;
  return fc.constantFrom(...BAD_JSON).map((raw) => ({
    label: `JSON body ${JSON.stringify(raw.slice(0, 24))}`,
    strict: true,
    apply: (i: Input) => ({ ...i, rawBody: Buffer.from(raw), contentType: 'application/json' }),
  }));
};

const TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  'image/png',
  'application/jsonx',
  'multipart/form-data',
  'multipart/form-data; boundary=zzzz',
  'multipart/mixed; boundary=zzzz',
  'text/html; charset=utf-8',
  ';;;',
  'application/',
];
const contentType: MutationClass = (route) => {
  if (!route.hasBody) return null;
  return fc.constantFrom(...TYPES).map((type) => ({
    label: `JSON sent as ${type}`,
    strict: true,
    apply: (i: Input) => ({ ...i, rawBody: Buffer.from(JSON.stringify(i.body)), contentType: type }),
  }));
};

const URL_SUFFIXES = ['%', '%zz', '%E0%A4%A', '%00', '%C0%AE', '%FF', '/%2e%2e/%2e%2e', '/..', '%2F..%2F', ';', '%'.repeat(30)];
const PARAM_VALUES = [
  '%zz',
  '%',
  '..',
  '%2e%2e',
  '%2F',
  'Infinity',
  '-Infinity',
  'NaN',
  '1e999',
  '-1',
  '0',
  '99999999999999999999',
  'x'.repeat(120),
  '%00',
  '%20',
  '1;2',
];
const badUrl: MutationClass = (route, ctx) => {
  const p = (i: Input, path: string) => ({ ...i, rawPath: path });
  const plain = route.path.replace(/\{\w+\}/g, '1');
  const numericQuery = route.fields.filter((f) => f.where === 'query' && f.required && isNumeric(f));
  const options: fc.Arbitrary<Mutation>[] = [
    fc
      .constantFrom(...URL_SUFFIXES)
      .map((sfx) => ({ label: `path + ${sfx.slice(0, 12)}`, strict: true, apply: (i: Input) => p(i, `${plain}${sfx}`) })),
    fc
      .integer({ min: 17_000, max: 20_000 })
      .map((n) => ({ label: `path of ${n} bytes`, strict: true, apply: (i: Input) => p(i, `${plain}/${'a'.repeat(n)}`) })),
    fc.constant({ label: 'double slash', strict: true, apply: (i: Input) => p(i, `/${plain}`) }),
    fc.constant({ label: `marker path`, strict: true, apply: (i: Input) => p(i, `${plain}/../../${ctx.marker}`) }),
  ];
  if (route.path.includes('{')) {
    options.push(
      fc.constantFrom(...PARAM_VALUES).map((v) => ({
        label: `path param ${v.slice(0, 12)}`,
        strict: true,
        apply: (i: Input) => p(i, route.path.replace(/\{\w+\}/g, v)),
      })),
    );
  }
  if (numericQuery.length) {
    options.push(
      fc.tuple(fc.constantFrom(...numericQuery), fc.constantFrom('%zz', '%', '%E0%A4', '%00')).map(([f, v]) => ({
        label: `query ${f.name}=${v}`,
        strict: true,
        apply: (i: Input) => ({
          ...i,
          rawQuery: Object.entries({ ...i.query, [f.name]: '\u0002' })
            .map(([k, x]) => `${k}=${x === '\u0002' ? v : escape(String(x))}`)
            .join('&'),
        }),
      })),
    );
  }
  return fc.oneof(...options);
};

export const inputClasses = { missing, extra, wrongType, nul, control, nonFinite, huge, pathy, badJson, contentType, badUrl };
