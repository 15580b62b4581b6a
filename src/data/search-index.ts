// The catalogue search's inverted index (rules in catalog-search.ts): every term of every product
// with the slots of the products that hold it, and the terms sorted, so that a typed word's prefix
// is one binary search and its matches a contiguous run. Typos are looked for among the word terms
// only (letters, 4+), a few thousand in a real catalogue. A keystroke marks the slots each word
// matches in a typed array and keeps the caller's rows, in the caller's order, that every word marked.
// Slots are never reused: a removed product's slot stays in the postings but is never asked for
// (the caller walks only live rows); a full reload starts a new index.
import { isWordTerm, nearPrefix, type SearchDoc, type Word } from './catalog-search.ts';

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
    for (const t of d.name) {
      const p = this.post(t);
      p.all.push(slot);
      p.name.push(slot);
    }
    for (const t of d.other) this.post(t).all.push(slot);
    return slot;
  }

  /** The slot's product is gone (its postings are left: see above). */
  remove(slot: number) {
    this.skus[slot] = '';
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
      const visit = (t: string) => {
        const p = this.postings.get(t)!;
        for (const s of p.all) if (any[s] === i) any[s] = i + 1;
        for (const s of p.name) if (inName[s] === i) inName[s] = i + 1;
      };
      this.eachPrefixed(w.stem, visit);
      if (!w.c.startsWith(w.stem)) this.eachPrefixed(w.c, visit);
      if (w.fuzzy) for (const t of this.wordTerms) if (!t.startsWith(w.stem) && !t.startsWith(w.c) && nearPrefix(w.c, t)) visit(t);
      // A code's piece anywhere in a SKU ("1060" in ACM-1060 when typed as "cm1060" or "0106").
      if (w.digit) for (let s = 0; s < n; s++) if (any[s] === i && skus[s]!.includes(w.c)) any[s] = i + 1;
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

  private eachPrefixed(prefix: string, f: (t: string) => void) {
    const v = this.vocab;
    for (let i = lowerBound(v, prefix); i < v.length && v[i]!.startsWith(prefix); i++) f(v[i]!);
  }
}
