// CSV import of the product batch (beyond the specs): a header row names the fields; each row becomes a
// product of the form, checked by the same rules as a typed one (product-form-rules.ts: the contract's
// field rules and §5's) plus what only a file can get wrong (an unknown unit or category). Images and
// files are added afterwards, per product.
import type { ProductCategoryRow } from '../../data/index.ts';
import { splitTyped } from '../../ui/tag-input.ts';
import { fieldErrors } from '../../api/contract/rules/check.ts';
import { productRules } from '../../api/contract/rules/product.ts';
import { CSV_HEADERS as HEADERS, type CsvField } from './csv-columns.ts';
import {
  DEFAULT_DESCRIPTION_TITLE,
  newProduct,
  productProblems,
  type Problem,
  type ProductItem,
  type TagChip,
} from './product-form-rules.ts';

/** A batch is a screenful of work; a larger file is split by the user. */
export const MAX_ROWS = 500;

/** A cell the export wrote as text ("'=x", papaparse's escapeFormulae) reads back as typed ("=x"). */
const unescapeFormula = (cell: string) => cell.replace(/^'(?=[=+\-@\t\r])/, '');

const norm = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
const TRUE = new Set(['1', 'yes', 'y', 'true', 'x', 'on']);

/** Which field each header names (undefined: not used). */
export function mapHeaders(headers: readonly string[]): { columns: (CsvField | undefined)[]; unused: string[] } {
  const taken = new Set<CsvField>();
  const columns = headers.map((h) => {
    const f = (Object.keys(HEADERS) as CsvField[]).find((k) => !taken.has(k) && HEADERS[k].includes(norm(h)));
    if (f) taken.add(f);
    return f;
  });
  return { columns, unused: headers.filter((h, i) => !columns[i] && h.trim()) };
}

export interface CsvContext {
  categories: readonly ProductCategoryRow[];
  /** Known tags of the company (matched case-insensitively). */
  tags: readonly { id: number; name: string }[];
  mayAutomate: boolean;
  /** Products already in the batch (numbers continue after them). */
  offset: number;
  uid: () => string;
}

export interface CsvRow {
  /** The line in the file (the header is line 1). */
  line: number;
  item: ProductItem;
  /** The typed checks, and what the file got wrong. Images and files are not counted here. */
  problems: string[];
}

export interface CsvResult {
  rows: CsvRow[];
  unused: string[];
  /** Nothing can be imported (no usable header, too many rows). */
  fatal?: string;
}

/** "Seating > Sofas; Lighting/Lamps; Mirrors": subcategory names, optionally after their category. */
function findSubcategories(cell: string, categories: readonly ProductCategoryRow[]): { ids: number[]; unknown: string[] } {
  const ids: number[] = [];
  const unknown: string[] = [];
  for (const raw of cell
    .split(/[;|]/)
    .map((x) => x.trim())
    .filter(Boolean)) {
    const parts = raw.split(/\s*[>/]\s*/);
    const sub = norm(parts[parts.length - 1]!);
    const cat = parts.length > 1 ? norm(parts[0]!) : undefined;
    const hit = categories
      .filter((c) => cat === undefined || norm(c.category) === cat)
      .flatMap((c) => c.subcategories)
      .find((s) => norm(s.subcategory) === sub);
    if (hit && !ids.includes(hit.id)) ids.push(hit.id);
    else if (!hit) unknown.push(raw);
  }
  return { ids, unknown };
}

function toTags(cell: string, known: CsvContext['tags']): TagChip[] {
  const out: TagChip[] = [];
  for (const name of [...splitTyped(`${cell},`).complete]) {
    if (out.some((t) => t.label.toLowerCase() === name.toLowerCase())) continue;
    const k = known.find((t) => t.name.toLowerCase() === name.toLowerCase());
    out.push(k ? { key: k.id, label: k.name } : { key: `new:${name}`, label: name });
  }
  return out;
}

/** Images and files are added after the import: their checks wait for SEND. */
const LATER: readonly Problem['field'][] = ['images', 'files'];

/** Rows of a parsed CSV (header objects) to batch products, with their problems. */
export function mapCsv(headers: readonly string[], records: readonly Record<string, string>[], ctx: CsvContext): CsvResult {
  const { columns, unused } = mapHeaders(headers);
  if (!columns.includes('name') && !columns.includes('sku')) {
    return { rows: [], unused, fatal: 'The first row must name the columns, with at least a "name" or a "sku" column.' };
  }
  if (records.length > MAX_ROWS)
    return {
      rows: [],
      unused,
      fatal: `A batch can hold at most ${MAX_ROWS} products; this file has ${records.length} rows. Split it into smaller files.`,
    };
  const rows = records.map((rec, i): CsvRow => {
    const cell = (f: CsvField) => {
      const at = columns.indexOf(f);
      return at < 0 ? '' : unescapeFormula((rec[headers[at]!] ?? '').trim());
    };
    const item = newProduct(ctx.uid());
    const problems: string[] = [];
    item.name = cell('name');
    item.sku = cell('sku');
    item.collection = cell('collection');
    item.height = cell('height');
    item.width = cell('width');
    item.depth = cell('depth');
    item.finish = cell('finish');
    if (columns.includes('note') && cell('note')) item.note = cell('note');
    const unit = cell('measure').toLowerCase();
    if (columns.includes('measure')) {
      // An unknown unit keeps the default; the row says so in the server's words.
      const wrong = fieldErrors('measure', productRules.measure, unit);
      if (wrong.length) problems.push(...wrong);
      else item.measure = unit;
    }
    if (TRUE.has(cell('automation').toLowerCase())) {
      if (ctx.mayAutomate) item.automation = true;
      else problems.push('Automation is not available to you: the product is registered without it');
    }
    item.tags = toTags(cell('tags'), ctx.tags);
    const subs = findSubcategories(cell('categories'), ctx.categories);
    item.subcategoryIds = subs.ids;
    for (const u of subs.unknown) problems.push(`Unknown category "${u}"`);
    if (cell('description'))
      item.descriptions = [
        { key: `${item.uid}-d0`, title: cell('descriptionTitle') || DEFAULT_DESCRIPTION_TITLE, notes: cell('description') },
      ];
    const typed = productProblems(item, ctx.offset + i + 1)
      .filter((p) => !LATER.includes(p.field))
      .map((p) => p.message);
    return { line: i + 2, item, problems: [...typed, ...problems] };
  });
  return { rows, unused };
}
