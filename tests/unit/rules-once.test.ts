// Every rule's words are defined once, in the contract (src/api/contract/rules, ARCHITECTURE.md): no
// screen (src/features), data layer (src/data) or server file writes a contract message as a string
// literal of its own, so a form refuses with the server's own sentence and they cannot drift apart.
// The messages are every string the rules modules export (their words objects, per-screen tables and
// constants) and every result of their words functions called with each field and limit the contract
// names; the literals are read with the TypeScript compiler and compared whole.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { contract } from '../../src/api/contract/index.ts';
import { inSentence } from '../../src/api/contract/rules/words.ts';

const ROOT = join(import.meta.dirname, '../..');
const RULES = join(ROOT, 'src/api/contract/rules');
const SCANNED = ['src/features', 'src/data', 'server'];
/** Shorter literals are too often plain words ('Saved!') or names to be a rule's sentence. */
const MIN = 20;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null;
const RULE_KINDS = new Set(['text', 'number', 'choice', 'flag', 'boolean']);

/** What the samples are made of: the contract's field names, limits and choices. */
const fields = new Set<string>(['input', 'file']);
const numbers = new Set<number>();
const choices: unknown[][] = [[0, 1]];
const TYPES = ['string', 'integer', 'number', 'boolean', 'array', 'object'];

/** A rule table ({ field: { kind, … } }) or a JSON schema: its field names, limits and choices. */
function sample(v: unknown, seen = new Set<unknown>()): void {
  if (!isObject(v) || seen.has(v)) return;
  seen.add(v);
  for (const [k, x] of Object.entries(v)) {
    if (isObject(x) && RULE_KINDS.has(x.kind as string)) fields.add(k);
    // A labelled field is named by its label (issue 43): "The company name field is required."
    if (k === 'label' && RULE_KINDS.has(v.kind as string) && typeof x === 'string') fields.add(inSentence(x));
    if (k === 'properties' && isObject(x)) Object.keys(x).forEach((f) => fields.add(f));
    if (typeof x === 'number' && /^(min|max|minLength|maxLength|minimum|maximum|exclusiveMinimum)$/.test(k)) numbers.add(x);
    if ((k === 'values' || k === 'enum') && Array.isArray(x)) choices.push(x);
    sample(x, seen);
  }
}

/** Every string reachable from a module's exports (words objects, per-screen tables, constants). */
function strings(v: unknown, out: Set<string>, seen = new Set<unknown>()): void {
  if (typeof v === 'string') {
    if (v.length >= MIN) out.add(v);
    return;
  }
  if (!isObject(v) || seen.has(v)) return;
  seen.add(v);
  Object.values(v).forEach((x) => strings(x, out, seen));
}

/** The words functions (members of an export named …Words) with sample arguments: each field, then each limit, type or choice. */
function said(words: Json, out: Set<string>) {
  const seconds: unknown[] = [...numbers, ...TYPES, ...choices];
  for (const f of Object.values(words)) {
    if (typeof f !== 'function') continue;
    for (const field of fields) {
      const calls = f.length < 2 ? [[field]] : seconds.map((s) => [field, s]);
      for (const args of calls) {
        try {
          const m: unknown = f(...args);
          if (typeof m === 'string' && m.length >= MIN) out.add(m);
        } catch {
          // A words function that takes other arguments (a list of extensions): its sentence has no field.
        }
      }
    }
  }
}

async function contractMessages(): Promise<Set<string>> {
  const modules = await Promise.all(
    readdirSync(RULES)
      .filter((f) => f.endsWith('.ts'))
      .map(async (f) => (await import(join(RULES, f))) as Json),
  );
  modules.forEach((m) => sample(m));
  Object.values(contract).forEach((group) =>
    Object.values(group).forEach((e) => [e.body, e.query, e.params].forEach((s) => sample(s))),
  );
  const out = new Set<string>();
  for (const m of modules) {
    strings(m, out);
    for (const [name, v] of Object.entries(m)) if (/Words$/.test(name) && isObject(v)) said(v, out);
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** Each string literal (and JSX text) of at least MIN characters, with where it is. */
function literals(file: string): { text: string; at: string }[] {
  const code = readFileSync(file, 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, kind);
  const out: { text: string; at: string }[] = [];
  const add = (node: ts.Node, text: string) => {
    if (text.length < MIN) return;
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    out.push({ text, at: `${relative(ROOT, file)}:${line}` });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) add(node, node.text);
    else if (ts.isJsxText(node)) add(node, node.text.replace(/\s+/g, ' ').trim());
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

describe('every rule once, in the contract', () => {
  it('gathers the contract’s messages (the check below has something to find)', async () => {
    const messages = await contractMessages();
    for (const m of [
      'The password field must be at least 8 characters.',
      'The name field is required.',
      'The company name field is required.',
      'Invalid email or password',
      'Passwords do not match',
      'You must select at least one template',
      'The updated_since field must be an ISO date.',
    ])
      expect(messages).toContain(m);
  });

  it('no screen, data layer or server file writes a contract message of its own', async () => {
    const messages = await contractMessages();
    const restated = SCANNED.flatMap((dir) => sourceFiles(join(ROOT, dir)))
      .flatMap(literals)
      .filter((l) => messages.has(l.text))
      .map((l) => `${l.at}: ${JSON.stringify(l.text)}`);
    expect(restated, 'import these from src/api/contract/rules instead').toEqual([]);
  }, 30_000); // every source file parsed: 5 s on a loaded 2-core machine
});
