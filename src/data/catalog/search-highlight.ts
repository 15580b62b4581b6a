// The cards' highlights (issue 28): what the search matched in a shown name or SKU, by the match's own
// rules (catalog-search.ts), so that nothing is marked the search did not match (issue 43). In a name:
// a word's typed prefix, or the whole word when it matched through its plural or a typo; in a code
// (a word with a digit, a spaced chunk without its punctuation, a SKU and its pieces): a match at its
// start, or a word with a digit inside a code that has letters. Never across a space in a name.
import { fold, stem, typoMatches, type Word } from './catalog-search.ts';

/** A shown text cut into pieces, the matched ones marked. */
export interface Piece {
  text: string;
  hit: boolean;
}

/** A spaced chunk as the search reads it: letters and digits folded, where each came from, and its words. */
interface Chunk {
  flat: string;
  pos: number[];
  /** [start, end) of each word (a run without punctuation) in `flat`. */
  parts: [number, number][];
}

const WORD_CHAR = /^[\p{L}\p{N}]$/u;
const SPACE = /^\s$/u;
const LETTER = /\p{L}/u;
const DIGIT = /\d/;

/** The text's chunks (split at spaces; a SKU is one chunk whole: its code runs across them). */
function chunksOf(text: string, whole: boolean): Chunk[] {
  const out: Chunk[] = [];
  let cur: Chunk | null = null;
  let open = false; // a word is being read
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i)!;
    const n = cp > 0xffff ? 2 : 1;
    // ASCII without a regular expression: a card's name and SKU at each keystroke.
    const ch =
      cp < 128
        ? (cp >= 48 && cp <= 57) || (cp >= 97 && cp <= 122)
          ? text[i]!
          : cp >= 65 && cp <= 90
            ? String.fromCharCode(cp + 32)
            : cp === 32 || (cp >= 9 && cp <= 13)
              ? ' '
              : '-'
        : fold(text.slice(i, i + n)) || ''; // an accent alone folds to nothing, and is no break
    const word = ch.length === 1 && (cp < 128 ? ch !== ' ' && ch !== '-' : WORD_CHAR.test(ch));
    if (!whole && (ch === ' ' || (cp >= 128 && SPACE.test(ch)))) {
      cur = null;
      open = false;
    } else if (word) {
      if (!cur) out.push((cur = { flat: '', pos: [], parts: [] }));
      if (!open) cur.parts.push([cur.flat.length, cur.flat.length]);
      cur.flat += ch;
      cur.pos.push(i);
      cur.parts[cur.parts.length - 1]![1] = cur.flat.length;
      open = true;
    } else if (ch !== '') open = false;
    i += n;
  }
  return out;
}

/** A code's matches: at its start, and a word with a digit inside a code with letters. */
function markCode(c: Chunk, a: number, b: number, words: readonly Word[], mark: (c: Chunk, a: number, b: number) => void) {
  const code = c.flat.slice(a, b);
  for (const w of words) {
    if (code.startsWith(w.c)) mark(c, a, a + w.c.length);
    else if (w.digit && w.c.length > 1 && LETTER.test(code)) {
      const at = code.indexOf(w.c);
      if (at >= 0) mark(c, a + at, a + at + w.c.length);
    }
  }
}

/** A word of letters in a name: its typed prefix, or all of it when it matched through its stem or a typo. */
function markTerm(c: Chunk, a: number, b: number, words: readonly Word[], mark: (c: Chunk, a: number, b: number) => void) {
  const f = c.flat.slice(a, b);
  const s = stem(f);
  for (const w of words) {
    if (w.digit) continue;
    if (f.startsWith(w.c)) mark(c, a, a + w.c.length);
    else if ([f, s].some((t) => t.startsWith(w.c) || t.startsWith(w.stem) || typoMatches(w, t))) mark(c, a, b);
  }
}

/** Highlights what the words matched in a shown name, or in a SKU (`sku`: its codes only, as the search reads it). */
export function highlight(text: string, words: readonly Word[], sku = false): Piece[] {
  if (!words.length || !text) return [{ text, hit: false }];
  const marks = new Uint8Array(text.length);
  const mark = (c: Chunk, a: number, b: number) => {
    if (b > a) marks.fill(1, c.pos[a]!, c.pos[b - 1]! + 1 + (text.codePointAt(c.pos[b - 1]!)! > 0xffff ? 1 : 0));
  };
  for (const c of chunksOf(text, sku)) {
    if (sku || c.parts.length > 1) markCode(c, 0, c.flat.length, words, mark);
    for (const [a, b] of c.parts) {
      if (sku || DIGIT.test(c.flat.slice(a, b))) markCode(c, a, b, words, mark);
      else markTerm(c, a, b, words, mark);
    }
  }
  const out: Piece[] = [];
  for (let i = 0; i < text.length; ) {
    let j = i;
    while (j < text.length && marks[j] === marks[i]) j++;
    out.push({ text: text.slice(i, j), hit: marks[i] === 1 });
    i = j;
  }
  return out;
}
