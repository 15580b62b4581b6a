// The catalogue search's inverted index (rules in catalog-search.ts): every letter term of every
// product with the slots of the products that hold it, and the terms sorted, so that a typed word's
// prefix is one binary search and its matches a contiguous run. Typos are looked for among the word
// terms (4+ letters), a few thousand in a real catalogue. Codes (SKUs, numbers: unique per product,
// they would make the vocabulary as large as the catalogue) are one string, " acm1060 acm 1060 12\n"
// per slot, searched with the engine's native indexOf by a word with a digit. A word of letters
// matches a code only at its start, so only the code's leading letters ("acm", shared by thousands
// of SKUs) matter to it: those are a second, small sorted list with postings, and such a word never
// scans the codes (100,000 SKUs starting "LRG" made "l" 100,000 indexOf calls). Each typed word's
// matches are a bitmap (one byte per slot, kept while the word is typed on); a keystroke keeps the caller's rows, in the
// caller's order, that every word's bitmap holds, looking only at the candidates it is given.
// Slots are never reused: a removed product's slot stays in the postings but is never asked for
// (the caller walks only live rows); a full reload starts a new index.
import { isWordTerm, nearPrefix, swaps, type SearchDoc, type Word } from './catalog-search.ts';
import { codeHasLetter, codesHave, eachCodeLead, hash } from './search-codes.ts';

const SEP = '\n';

const EMPTY_HASH = hash('');
/** maybeSku keeps a hash's top 20 bits. */
const SKU_BITS_SHIFT = 12;

/** Is slot s in every bitmap? */
function inEvery(sets: readonly Uint8Array[], s: number): boolean {
  for (let i = 0; i < sets.length; i++) if (sets[i]![s] !== 1) return false;
  return true;
}

/** A typed word's matches, one byte per slot: anywhere, and (asked for when ranking) in the name. */
interface WordSets {
  all: Uint8Array;
  name?: Uint8Array;
}

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
  /** The codes' leading letters, sorted, with the slots that have them (see above). */
  private codeLeads: string[] = [];
  private codePostings = new Map<string, number[]>();
  private wordTerms: string[] = [];
  private skus: string[] = [];
  /** Each slot's SKU hashed (hash below): the exact-SKU tier reads these, not the strings. */
  private skuHashes = new Int32Array(1024);
  /** Which SKU hashes occur (their top 20 bits, one bit each, 128 kB): most queries are no SKU, and skip the exact tier's reads. */
  private skuBits = new Uint8Array(1 << (32 - SKU_BITS_SHIFT - 3));
  private codes: string[] = [];
  /** The codes joined (SEP after each slot's), and where each slot's start; rebuilt after a change. */
  private codeText?: { text: string; starts: Int32Array };
  /** Per typed word, the slots it matches (typing the next word reuses the earlier ones); cleared by a change. */
  private wordSets = new Map<string, WordSets>();
  /** While addAll runs: the terms it adds, placed in the sorted lists once at its end. */
  private fresh?: string[];

  /** Indexes many documents at once (one sort of the vocabulary at the end); returns their slots. */
  addAll(docs: readonly SearchDoc[]): number[] {
    const fresh: string[] = (this.fresh = []);
    const slots = docs.map((d) => this.add(d));
    this.fresh = undefined;
    // A bulk change brings few new terms (a tag): no sort of the whole vocabulary per part of it.
    if (fresh.length > 64) {
      this.vocab = [...this.postings.keys()].sort();
      this.wordTerms = this.vocab.filter(isWordTerm);
    } else {
      for (const t of fresh) {
        insertSorted(this.vocab, t);
        if (isWordTerm(t)) insertSorted(this.wordTerms, t);
      }
    }
    return slots;
  }

  add(d: SearchDoc): number {
    const slot = this.skus.length;
    this.skus.push(d.sku);
    if (slot >= this.skuHashes.length) {
      const grown = new Int32Array(this.skuHashes.length * 2);
      grown.set(this.skuHashes);
      this.skuHashes = grown;
    }
    const skuHash = (this.skuHashes[slot] = hash(d.sku));
    const bit = skuHash >>> SKU_BITS_SHIFT;
    this.skuBits[bit >> 3]! |= 1 << (bit & 7);
    this.codes.push(d.codes);
    eachCodeLead(d.codes, (lead) => {
      let p = this.codePostings.get(lead);
      if (!p) {
        this.codePostings.set(lead, (p = []));
        insertSorted(this.codeLeads, lead);
      }
      if (p[p.length - 1] !== slot) p.push(slot);
    });
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
    this.skuHashes[slot] = EMPTY_HASH;
    this.codes[slot] = '';
    this.changed();
  }

  private changed() {
    this.codeText = undefined;
    this.wordSets.clear();
  }

  get terms() {
    return this.vocab.length;
  }

  private post(t: string): Posting {
    let p = this.postings.get(t);
    if (!p) {
      this.postings.set(t, (p = { all: [], name: [] }));
      if (this.fresh) this.fresh.push(t);
      else {
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
    const slots = Int32Array.from(order, slotOf);
    return Array.from(this.match(words, slots, null, rank).ranked, (i) => order[i]!);
  }

  /**
   * The positions in `slots` (a list's slots in its order) whose product every word matches:
   * `matched` in the list's order, `ranked` as `search` ranks them. Only `candidates` (positions,
   * ascending) are looked at when given: the matches of a query this one narrows (narrows()).
   */
  match(words: readonly Word[], slots: Int32Array, candidates: Int32Array | null, rank: boolean): { matched: Int32Array; ranked: Int32Array } {
    const size = candidates ? candidates.length : slots.length;
    if (!words.length) {
      let all = candidates;
      if (!all) {
        all = new Int32Array(size);
        for (let i = 0; i < size; i++) all[i] = i;
      }
      return { matched: all, ranked: all };
    }
    // A word with a digit scans every code; among a few candidates (a digit typed after "oslo sofa",
    // a SKU typed on) their own codes are read instead, and the partial set is not kept.
    const few = candidates !== null && candidates.length * 4 < this.skus.length;
    const sets = words.map((w) => (few && w.digit && !this.wordSets.has(w.c) ? this.digitSetAmong(w, slots, candidates) : this.setOf(w).all));
    const matched = new Int32Array(size);
    let m = 0;
    // One word (most keystrokes) gets its own loop: no inner loop, no label to leave.
    const one = sets.length === 1 ? sets[0]! : null;
    if (one && candidates) {
      for (let j = 0; j < size; j++) if (one[slots[candidates[j]!]!]) matched[m++] = candidates[j]!;
    } else if (one) {
      for (let j = 0; j < size; j++) if (one[slots[j]!]) matched[m++] = j;
    } else {
      next: for (let j = 0; j < size; j++) {
        const pos = candidates ? candidates[j]! : j;
        const s = slots[pos]!;
        for (let i = 0; i < sets.length; i++) if (!sets[i]![s]) continue next;
        matched[m++] = pos;
      }
    }
    const found = matched.slice(0, m);
    return { matched: found, ranked: rank ? this.ranked(words, slots, found) : found };
  }

  /**
   * `found` ranked: an exact SKU, then every word in the name (a word with a digit never is), then
   * the rest, each in `found`'s order. The cases that need no pass over the matches (no SKU can be
   * the query, no name tier) are answered first: at 100,000 matches ("lrg", "lrg-0") this loop ran
   * 4 to 7 ms in the page, more than the match itself.
   */
  private ranked(words: readonly Word[], slots: Int32Array, found: Int32Array): Int32Array {
    const whole = words.map((w) => w.c).join('');
    const wholeHash = hash(whole);
    const exactMaybe = this.maybeSku(wholeHash);
    const names = words.some((w) => w.digit) ? null : words.map((w) => this.nameSetOf(w));
    if (!exactMaybe && !names) return found;
    const m = found.length;
    // Tiers in one typed array, then placed by counting: a first letter matches most of 100,000
    // products, and three growing JS arrays of positions cost more (and more garbage) than the match.
    const tiers = new Uint8Array(m);
    let exact = 0;
    let named = 0;
    // A SKU's hash first: reading 100,000 SKU strings, scattered in memory, cost more than the rest of the search.
    const { skus, skuHashes } = this;
    const one = names?.length === 1 ? names[0]! : null;
    for (let j = 0; j < m; j++) {
      const s = slots[found[j]!]!;
      if (exactMaybe && skuHashes[s] === wholeHash && skus[s] === whole) {
        exact++;
        continue;
      }
      const inName = one ? one[s] === 1 : names !== null && inEvery(names, s);
      if (inName) named++;
      tiers[j] = inName ? 1 : 2;
    }
    if (exact + named === 0 || named === m) return found;
    const ranked = new Int32Array(m);
    const at = [0, exact, exact + named];
    for (let j = 0; j < m; j++) ranked[at[tiers[j]!]!++] = found[j]!;
    return ranked;
  }

  /** Can a SKU hash to h? (A bit per hash value, set by add and never cleared: a removed SKU only costs a pass.) */
  private maybeSku(h: number): boolean {
    const bit = h >>> SKU_BITS_SHIFT;
    return (this.skuBits[bit >> 3]! & (1 << (bit & 7))) !== 0;
  }

  /**
   * Runs a search once and forgets what it cached: the first keystrokes after a start otherwise run
   * these loops cold (20 to 90 ms for a first letter at 100,000 products, against 1 to 4 ms warm).
   */
  warmUp(words: readonly Word[], slots: Int32Array, candidates: Int32Array | null = null): Int32Array {
    const known = new Set(this.wordSets.keys());
    const { matched } = this.match(words, slots, candidates, true);
    for (const w of words) if (!known.has(w.c)) this.wordSets.delete(w.c);
    return matched;
  }

  /** The slots a word matches (letter terms, codes), as a bitmap; cached per word until a change. */
  private setOf(w: Word): WordSets {
    const cached = this.wordSets.get(w.c);
    if (cached) return cached;
    const n = this.skus.length;
    const all = new Uint8Array(n);
    if (!w.digit) {
      this.eachMatching(w, (t) => {
        for (const s of this.postings.get(t)!.all) all[s] = 1;
      });
      // At a code's start: a word of letters is a prefix of its leading letters.
      const leads = this.codeLeads;
      for (let i = lowerBound(leads, w.c); i < leads.length && leads[i]!.startsWith(w.c); i++) {
        for (const s of this.codePostings.get(leads[i]!)!) all[s] = 1;
      }
      return this.keep(w.c, { all });
    }
    // Codes: at a code's start (after its space), and inside a code that has letters (a SKU).
    const { text, starts } = this.joinedCodes();
    // The needle alone (a space first would stop at every space).
    const needle = w.c;
    let slot = 0;
    for (let at = text.indexOf(needle); at >= 0; ) {
      if (text.charCodeAt(at - 1) !== 32 && !codeHasLetter(text, at)) {
        at = text.indexOf(needle, at + 1);
        continue;
      }
      while (slot + 1 < n && starts[slot + 1]! <= at) slot++;
      all[slot] = 1;
      at = slot + 1 < n ? text.indexOf(needle, starts[slot + 1]!) : -1;
    }
    return this.keep(w.c, { all });
  }

  /** setOf's bitmap for a word with a digit, checked only at the candidates' slots. */
  private digitSetAmong(w: Word, slots: Int32Array, candidates: Int32Array): Uint8Array {
    const all = new Uint8Array(this.skus.length);
    for (let j = 0; j < candidates.length; j++) {
      const s = slots[candidates[j]!]!;
      if (codesHave(this.codes[s]!, w.c)) all[s] = 1;
    }
    return all;
  }

  private keep(word: string, sets: WordSets): WordSets {
    if (this.wordSets.size >= 32) this.wordSets.delete(this.wordSets.keys().next().value!);
    this.wordSets.set(word, sets);
    return sets;
  }

  /** The slots whose name has a letter term the word matches (the name tier), as a bitmap; cached with setOf's. */
  private nameSetOf(w: Word): Uint8Array {
    const sets = this.setOf(w);
    if (!sets.name) {
      const name = (sets.name = new Uint8Array(this.skus.length));
      this.eachMatching(w, (t) => {
        for (const s of this.postings.get(t)!.name) name[s] = 1;
      });
    }
    return sets.name;
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

  /** Every letter term a word matches: its prefix, its stem's prefix, one typo away (a term may be visited twice). */
  private eachMatching(w: Word, visit: (t: string) => void) {
    this.eachPrefixed(w.stem, visit);
    if (!w.c.startsWith(w.stem)) this.eachPrefixed(w.c, visit);
    if (w.fuzzy) for (const t of this.wordTerms) if (!t.startsWith(w.stem) && !t.startsWith(w.c) && nearPrefix(w.c, t)) visit(t);
    // A swap in a 4-letter word: three binary searches, not a pass over the word terms.
    if (w.swap) for (const v of swaps(w.c)) this.eachPrefixed(v, visit);
  }

  /** Does the word's swap forgiveness reach a term (one starts with a swapped form)? Three binary searches. */
  swapReaches(w: Word): boolean {
    const v = this.vocab;
    return w.swap && swaps(w.c).some((s) => v[lowerBound(v, s)]?.startsWith(s) === true);
  }

  private eachPrefixed(prefix: string, f: (t: string) => void) {
    const v = this.vocab;
    for (let i = lowerBound(v, prefix); i < v.length && v[i]!.startsWith(prefix); i++) f(v[i]!);
  }
}
