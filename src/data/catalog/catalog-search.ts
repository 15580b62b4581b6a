// The catalogue search's rules, pure (issue 28): what a product's words are, what a typed word
// matches and how the cards highlight it. Used by the inverted index (search-index.ts), by the
// first page read before the index is ready (catalog-query.ts) and by the cards (Cards.tsx).
//   - words of every searched field, in any order, each typed word matching by prefix;
//   - a SKU also as one word without its punctuation ("acm1060" finds ACM-1060), and a typed word
//     with a digit as a piece anywhere in it ("cm10"); a number by its start ("7" finds 7 and 70, not 17);
//   - a plural and its singular ("sofas" finds "Sofa", "sofa" finds "Sofas");
//   - one typo (a letter wrong, missing, extra or two swapped) in typed words of 5+ letters, and two
//     neighbours swapped in a word of 4 ("sfoa" finds Sofa; any other typo there finds too much).

/** Lowercase, accents dropped ("Chêne" -> "chene"); plain ASCII skips the normalisation. */
export function fold(s: string): string {
  const l = s.toLowerCase();
  // eslint-disable-next-line no-control-regex -- the ASCII range is the point
  return /[^\x00-\x7f]/.test(l) ? l.normalize('NFD').replace(/\p{M}/gu, '') : l;
}

export const NON_WORD = /[^\p{L}\p{N}]+/gu;
/** Letters and digits only: "ACM-1060" -> "acm1060". */
export const compact = (s: string) => fold(s).replace(NON_WORD, '');

/** English plurals to a shared stem: sofas -> sofa, benches -> bench, accessories -> accessory. */
export function stem(w: string): string {
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && /(?:[sxz]|ch|sh)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) return w.slice(0, -1);
  return w;
}

const HAS_DIGIT = /\d/;
/** A word's terms: itself and its stem (letters), or itself as a code (with a digit). Cached: words repeat. */
const wordCache = new Map<string, { terms: string[]; code: boolean }>();
function wordTerms(w: string) {
  let hit = wordCache.get(w);
  if (!hit) {
    if (wordCache.size > 200_000) wordCache.clear();
    const code = HAS_DIGIT.test(w);
    const s = stem(w);
    hit = { code, terms: code ? [] : s === w ? [w] : [w, s] };
    wordCache.set(w, hit);
  }
  return hit;
}

/**
 * Adds a field's terms: the words with letters only (and their stems) to `terms`, and the codes
 * (words with a digit, and each spaced chunk without its punctuation when it had any) to `codes`,
 * each after a space. Terms may repeat: the index keeps one posting per product.
 */
function addField(text: string, terms: string[], codes: string[]) {
  for (const chunk of fold(text).split(/\s+/)) {
    if (!chunk) continue;
    const parts = chunk.split(NON_WORD);
    if (parts.length > 1) {
      const whole = parts.join('');
      if (whole) codes.push(whole);
    }
    for (const w of parts) {
      if (!w) continue;
      const t = wordTerms(w);
      if (t.code) codes.push(w);
      else for (const x of t.terms) terms.push(x);
    }
  }
}

/** What one product (or scene) is searched by. */
export interface SearchDoc {
  /** Letter terms of the name (a match there ranks above the other fields). */
  name: string[];
  /** Letter terms of every other field but the SKU. */
  other: string[];
  /** " acm1060 acm 1060 12": the SKU (whole, and its pieces) and every code of the other fields. */
  codes: string;
  /** The SKU without punctuation, lowercase ('' for a scene). */
  sku: string;
}

export function searchDoc(name: string, sku: string, others: readonly (string | null | undefined)[]): SearchDoc {
  const n: string[] = [];
  const o: string[] = [];
  const codes: string[] = [];
  const flatSku = compact(sku);
  if (flatSku) codes.push(flatSku, ...fold(sku).split(NON_WORD).filter((x) => x && x !== flatSku));
  addField(name, n, codes);
  for (const x of others) if (x) addField(x, o, codes);
  return { name: n, other: o, codes: codes.length ? ` ${codes.join(' ')}` : '', sku: flatSku };
}

/** One typed word, ready to match. */
export interface Word {
  /** As typed, without punctuation ("acm1060"). */
  c: string;
  /** Its stem (sofas -> sofa). */
  stem: string;
  /** 5+ letters: one typo forgiven. */
  fuzzy: boolean;
  /** 4 letters: two neighbours swapped forgiven ("sfoa"), no other typo. */
  swap: boolean;
  /** Has a digit: found at a code's start, and anywhere inside a code with letters (a SKU). */
  digit: boolean;
}

const MAX_WORDS = 12;
export function queryWords(text: string | undefined): Word[] {
  const out: Word[] = [];
  for (const raw of fold(text ?? '').split(/\s+/)) {
    const c = raw.replace(NON_WORD, '');
    if (!c || out.some((w) => w.c === c)) continue;
    const digit = /\d/.test(c);
    out.push({ c, stem: stem(c), fuzzy: c.length >= 5 && !digit, swap: c.length === 4 && !digit, digit });
  }
  return out.slice(0, MAX_WORDS);
}

/** Is q (from qi on) a prefix of t (from ti on)? */
function prefixAt(q: string, qi: number, t: string, ti: number): boolean {
  if (t.length - ti < q.length - qi) return false;
  for (; qi < q.length; qi++, ti++) if (q.charCodeAt(qi) !== t.charCodeAt(ti)) return false;
  return true;
}

/** Is q within one edit (substitution, insertion, deletion, swap of neighbours) of a prefix of t? */
export function nearPrefix(q: string, t: string): boolean {
  const n = Math.min(q.length, t.length);
  let i = 0;
  while (i < n && q.charCodeAt(i) === t.charCodeAt(i)) i++;
  if (i === q.length) return true;
  if (i === t.length) return q.length - t.length === 1;
  return (
    prefixAt(q, i + 1, t, i + 1) ||
    prefixAt(q, i + 1, t, i) ||
    prefixAt(q, i, t, i + 1) ||
    (i + 1 < q.length && i + 1 < t.length && q[i] === t[i + 1] && q[i + 1] === t[i] && prefixAt(q, i + 2, t, i + 2))
  );
}

/** Is q a prefix of t but for two neighbours swapped ("sfoa" in "sofas")? An exact prefix is not. */
export function swappedPrefix(q: string, t: string): boolean {
  if (t.length < q.length) return false;
  let i = 0;
  while (i < q.length && q.charCodeAt(i) === t.charCodeAt(i)) i++;
  return i + 1 < q.length && q[i] === t[i + 1] && q[i + 1] === t[i] && prefixAt(q, i + 2, t, i + 2);
}

/** The word with each pair of neighbours swapped, the word itself left out ("sfoa": fsoa, sofa, sfao). */
export function swaps(q: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < q.length; i++) {
    if (q[i] !== q[i + 1]) out.push(q.slice(0, i) + q[i + 1] + q[i] + q.slice(i + 2));
  }
  return out;
}

/** Does a typed word match one letter term by a forgiven typo? */
export const typoMatches = (w: Word, t: string) =>
  (w.fuzzy && isWordTerm(t) && nearPrefix(w.c, t)) || (w.swap && swappedPrefix(w.c, t));

/** Does a typed word match one letter term? (The index finds the same terms through its sorted vocabulary.) */
export const termMatches = (w: Word, t: string) => !w.digit && (t.startsWith(w.c) || t.startsWith(w.stem) || typoMatches(w, t));

/**
 * Does a typed word match a code: at a code's start ("acm", "1060", "7" in a name's "7"), and with a
 * digit also inside a code that has letters ("cm10" in ACM-1060's "acm1060"); "7" does not find "17".
 */
export const codeMatches = (w: Word, codes: string) =>
  codes.includes(` ${w.c}`) || (w.digit && codes.split(' ').some((c) => c.includes(w.c) && /\p{L}/u.test(c)));

/** Typos are forgiven in words of 4+ letters, not in codes. */
export const isWordTerm = (t: string) => t.length >= 4;

/**
 * The slow path and the oracle: 0 an exact SKU, 1 every word in the name, 2 elsewhere, -1 no match.
 * A query without words matches everything at 2.
 */
export function matchDoc(d: SearchDoc, words: readonly Word[], whole = words.map((w) => w.c).join('')): -1 | 0 | 1 | 2 {
  if (!words.length) return 2;
  let inName = true;
  for (const w of words) {
    if (d.name.some((t) => termMatches(w, t))) continue;
    inName = false;
    if (!d.other.some((t) => termMatches(w, t)) && !codeMatches(w, d.codes)) return -1;
  }
  if (d.sku && d.sku === whole) return 0;
  return inName ? 1 : 2;
}

/**
 * Does every product `next` matches also match `prev`? True when each earlier word is still there or
 * grew by typing: a longer word with the same digit rule matches a subset of the terms (its prefix,
 * its stem's prefix, a typo of a longer prefix), except a word that just turned fuzzy (5 letters) or
 * began to forgive a swap (4), which reaches typos its shorter form did not; the swap only when the
 * index has a term it reaches (`swapReaches`: typing "sofa" still narrows "sof" where no term starts
 * "osfa", "sfoa" or "soaf"). The catalogue then searches only prev's matches.
 */
export function narrows(prev: readonly Word[], next: readonly Word[], swapReaches: (w: Word) => boolean = () => true): boolean {
  if (!prev.length) return false;
  return prev.every((w) =>
    next.some((v) => v.digit === w.digit && v.c.startsWith(w.c) && (v.stem.startsWith(w.c) || v.stem.startsWith(w.stem)) && (w.fuzzy || !v.fuzzy) && (w.swap || !v.swap || !swapReaches(v))),
  );
}
