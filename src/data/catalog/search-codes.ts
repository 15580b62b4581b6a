// The codes of the catalogue search (search-index.ts): SKUs and numbers, one string per product
// (" acm1060 acm 1060 12"), and what a typed word finds in them; the hash the exact-SKU tier compares.

const LETTER = /\p{L}/u;
/** Does the code around position `at` of the joined codes (between spaces or new lines) hold a letter? */
export function codeHasLetter(text: string, at: number): boolean {
  let from = at;
  while (from > 0 && text.charCodeAt(from - 1) !== 32 && text.charCodeAt(from - 1) !== 10) from--;
  // Codes are mostly ASCII: a-z answers without a slice and a regular expression per hit (a digit
  // matches inside most of 100,000 SKUs); a character past ASCII asks the regular expression.
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 10) return false;
    if (c >= 97 && c <= 122) return true;
    if (c > 127) {
      let to = i;
      while (to < text.length && text.charCodeAt(to) !== 32 && text.charCodeAt(to) !== 10) to++;
      return LETTER.test(text.slice(from, to));
    }
  }
  return false;
}

/** Does one slot's codes hold the needle at a code's start, or inside a code with letters? (The joined scan's rule, for one slot.) */
export function codesHave(codes: string, needle: string): boolean {
  for (let at = codes.indexOf(needle); at >= 0; at = codes.indexOf(needle, at + 1)) {
    if (codes.charCodeAt(at - 1) === 32 || codeHasLetter(codes, at)) return true;
  }
  return false;
}

/**
 * Each code's leading letters in a document's codes (" acm1060 acm 1060"): "acm" twice, none for
 * "1060". What a typed word of letters can match in a code. One pass, no split (100,000 documents).
 */
export function eachCodeLead(codes: string, visit: (lead: string) => void) {
  for (let start = 1; start < codes.length; ) {
    let i = start;
    for (; i < codes.length; i++) {
      const c = codes.charCodeAt(i);
      if (c >= 97 && c <= 122) continue;
      if (c < 128 || !LETTER.test(codes[i]!)) break;
    }
    if (i > start) visit(codes.slice(start, i));
    const space = codes.indexOf(' ', i);
    if (space < 0) break;
    start = space + 1;
  }
}

/** FNV-1a over the UTF-16 code units: 32 bits, to tell most SKUs apart without reading their text. */
export function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h | 0;
}
