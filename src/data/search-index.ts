// The catalogue search's inverted index (rules in catalog-search.ts): every letter term of every
// product with the slots of the products that hold it, and the terms sorted, so that a typed word's
// prefix is one binary search and its matches a contiguous run. Typos are looked for among the word
// terms (4+ letters), a few thousand in a real catalogue. Codes (SKUs, numbers: unique per product,
// they would make the vocabulary as large as the catalogue) are one string, " acm1060 acm 1060 12\n"
// per slot, searched with the engine's native indexOf. A keystroke marks the slots each word
// matches in a typed array and keeps the caller's rows, in the caller's order, that every word marked.
// Slots are never reused: a removed product's slot stays in the postings but is never asked for
// (the caller walks only live rows); a full reload starts a new index.
import { isWordTerm, nearPrefix, type SearchDoc, type Word } from './catalog-search.ts';

const LETTER = /\p{L}/u;
/** Does the code around position `at` of the joined codes (between spaces or new lines) hold a letter? */
function codeHasLetter(text: string, at: number): boolean {
  let from = at;
  while (from > 0 && text[from - 1] !== ' ' && text[from - 1] !== '\n') from--;
  let to = at;
  while (to < text.length && text[to] !== ' ' && text[to] !== '\n') to++;
  return LETTER.test(text.slice(from, to));
}

const SEP = '\n';

interface Posting {
  all: number[];
  name: number[];
}

function lowerBound(a: readonly string[], x: string): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function insertSorted(a: string[], x: string) {
  a.splice(lowerBound(a, x), 0, x);
}

export class SearchIndex {
  private postings = new Map<string, Posting>();
  private vocab: string[] = [];
  private wordTerms: string[] = [];
  private skus: string[] = [];
  private codes: string[] = [];
  /** The codes joined (SEP after each slot's), and where each slot's start; rebuilt after a change. */
  private codeText?: { text: string; starts: Int32Array };
  /** Per typed word, the slots it matched (typing the next word reuses the earlier ones); cleared by a change. */
  private wordHits = new Map<string, Int32Array>();
  private any = new Uint8Array(1024);
  private inName = new Uint8Array(1024);
  private bulk = false;

  /** Indexes many documents at once (one sort of the vocabulary at the end); returns their slots. */
  addAll(docs: readonly SearchDoc[]): number[] {
    this.bulk = true;
    const slots = docs.map((d) => this.add(d));
    this.bulk = false;
    this.vocab = [...this.postings.keys()].sort();
    this.wordTerms = this.vocab.filter(isWordTerm);
    return slots;
  }

  add(d: SearchDoc): number {
    const slot = this.skus.length;
    this.skus.push(d.sku);
    this.codes.push(d.codes);
    // A term may repeat in a document: its slot is the last in the posting then.
    for (const t of d.name) {
      const p = this.post(t);
      if (p.name[p.name.length - 1] === slot) continue;
      p.all.push(slot);
      p.name.push(slot);
    }
    for (const t of d.other) {
      const p = this.post(t);
      if (p.all[p.all.length - 1] !== slot) p.all.push(slot);
    }
    this.changed();
    return slot;
  }

  /** The slot's product is gone (its postings are left: see above). */
  remove(slot: number) {
    this.skus[slot] = '';
    this.codes[slot] = '';
    this.changed();
  }

  private changed() {
    this.codeText = undefined;
    this.wordHits.clear();
  }

  get terms() {
    return this.vocab.length;
  }

  private post(t: string): Posting {
    let p = this.postings.get(t);
    if (!p) {
      this.postings.set(t, (p = { all: [], name: [] }));
      if (!this.bulk) {
        insertSorted(this.vocab, t);
        if (isWordTerm(t)) insertSorted(this.wordTerms, t);
      }
    }
    return p;
  }

  /**
   * The rows of `order` every word matches, in that order; ranked (exact SKU, then every word in
   * the name, then the rest, each in `order`'s order) unless `rank` is false.
   */
  search<T>(words: readonly Word[], order: readonly T[], slotOf: (x: T) => number, rank: boolean): T[] {
    if (!words.length) return order.slice();
    const n = this.skus.length;
    if (this.any.length < n) {
      this.any = new Uint8Array(n + (n >> 1));
      this.inName = new Uint8Array(n + (n >> 1));
    }
    const { any, inName, skus } = this;
    any.fill(0, 0, n);
    inName.fill(0, 0, n);
    words.forEach((w, i) => {
      for (const s of this.hitsOf(w)) if (any[s] === i) any[s] = i + 1;
      // The name tier: only letter terms of the name count.
      if (w.digit) return;
      const visit = (t: string) => {
        for (const s of this.postings.get(t)!.name) if (inName[s] === i) inName[s] = i + 1;
      };
      this.eachMatching(w, visit);
    });
    const k = words.length;
    const out: T[] = [];
    if (!rank) {
      for (const x of order) if (any[slotOf(x)] === k) out.push(x);
      return out;
    }
    const whole = words.map((w) => w.c).join('');
    const exact: T[] = [];
    const rest: T[] = [];
    for (const x of order) {
      const s = slotOf(x);
      if (any[s] !== k) continue;
      if (skus[s] === whole) exact.push(x);
      else if (inName[s] === k) out.push(x);
      else rest.push(x);
    }
    return exact.concat(out, rest);
  }

  /** Every slot a word matches (letter terms, codes), sorted, unique; cached per word. */
  private hitsOf(w: Word): Int32Array {
    const key = `${w.c}`;
    const cached = this.wordHits.get(key);
    if (cached) return cached;
    const n = this.skus.length;
    const seen = new Uint8Array(n);
    if (!w.digit) this.eachMatching(w, (t) => {
      for (const s of this.postings.get(t)!.all) seen[s] = 1;
    });
    // Codes: at a code's start (after its space); a word with a digit also inside a code that has letters (a SKU).
    const { text, starts } = this.joinedCodes();
    // The needle alone (a space first would stop at every space).
    const needle = w.c;
    let slot = 0;
    for (let at = text.indexOf(needle); at >= 0; ) {
      if (text.charCodeAt(at - 1) !== 32 && !(w.digit && codeHasLetter(text, at))) {
        at = text.indexOf(needle, at + 1);
        continue;
      }
      while (slot + 1 < n && starts[slot + 1]! <= at) slot++;
      seen[slot] = 1;
      at = slot + 1 < n ? text.indexOf(needle, starts[slot + 1]!) : -1;
    }
    let count = 0;
    for (let s = 0; s < n; s++) count += seen[s]!;
    const hits = new Int32Array(count);
    for (let s = 0, k = 0; s < n; s++) if (seen[s]) hits[k++] = s;
    if (this.wordHits.size >= 64) this.wordHits.delete(this.wordHits.keys().next().value!);
    this.wordHits.set(key, hits);
    return hits;
  }

  private joinedCodes() {
    if (!this.codeText) {
      const starts = new Int32Array(this.codes.length);
      let at = 0;
      this.codes.forEach((c, i) => {
        starts[i] = at;
        at += c.length + SEP.length;
      });
      this.codeText = { text: this.codes.join(SEP) + SEP, starts };
    }
    return this.codeText;
  }

  /** Every letter term a word matches: its prefix, its stem's prefix, one typo away. */
  private eachMatching(w: Word, visit: (t: string) => void) {
    this.eachPrefixed(w.stem, visit);
    if (!w.c.startsWith(w.stem)) this.eachPrefixed(w.c, visit);
    if (w.fuzzy) for (const t of this.wordTerms) if (!t.startsWith(w.stem) && !t.startsWith(w.c) && nearPrefix(w.c, t)) visit(t);
  }

  private eachPrefixed(prefix: string, f: (t: string) => void) {
    const v = this.vocab;
    for (let i = lowerBound(v, prefix); i < v.length && v[i]!.startsWith(prefix); i++) f(v[i]!);
  }
}
