// Typed tags (document 2 §5): split on commas, trimmed, blanks ignored, matched case-insensitively
// to the company's tags, otherwise created. A tag created offline gets a temp id and one
// queued /posts/tag/store; a second product typing the same name reuses it. A name the contract's
// tag rule refuses is refused here, before anything is queued.
import { db } from '../local/index.ts';
import { enqueue, type Action, type Draft } from '../outbox/index.ts';
import { newTempId } from '../local/index.ts';
import type { IdNameRow } from '../local/index.ts';
import { tableErrors } from '../../api/contract/rules/check.ts';
import { productTagRules } from '../../api/contract/rules/product.ts';
import { refuseBroken } from '../local/index.ts';

export const splitTags = (text: string) => [...new Set(text.split(',').map((t) => t.trim()).filter(Boolean))];

/** Tag ids for names and ids; call inside a transaction covering tags and outbox. A new tag is a step of `action`. */
export async function resolveTags(customerId: number, wanted: (number | string)[], action: Action): Promise<IdNameRow[]> {
  const d = db();
  const known = await d.tags.where('cid').equals(customerId).toArray();
  const out: IdNameRow[] = [];
  const seen = new Set<number>();
  for (const w of wanted.flatMap((x): (number | string)[] => (typeof x === 'string' ? splitTags(x) : [x]))) {
    let tag = typeof w === 'number' ? known.find((t) => t.id === w) : known.find((t) => t.name.toLowerCase() === w.toLowerCase());
    if (!tag && typeof w === 'string') {
      refuseBroken(tableErrors(productTagRules, { name: w }));
      tag = { id: newTempId(), name: w, cid: customerId };
      known.push(tag);
      await d.tags.add(tag);
      const draft: Draft = {
        label: `Create tag ${w}`, entities: [`tag:${tag.id}`], errorPrefix: `Error create tag ${w}: `,
        call: { command: 'productInfo.tagStore', body: { id_customer: customerId, name: w } },
        creates: { temp: tag.id, kind: 'tag', from: 'tag.id' },
      };
      await enqueue([draft], action);
    }
    if (tag && !seen.has(tag.id)) {
      seen.add(tag.id);
      out.push({ id: tag.id, name: tag.name });
    }
  }
  return out;
}
