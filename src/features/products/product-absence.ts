// Why /product/:id shows no product, in words (issue 26) instead of a silent return to the catalogue:
// - an id the server does not know, or a product of a company the user is not in (the server answers
//   both alike, 404), is Not found;
// - a product of another of the user's companies offers to switch to it (asked there: one call per
//   company, or one in the provider context for staff);
// - offline, a product this device does not hold is Not found only if the company's list is complete
//   here; otherwise opening it needs a connection.
import { useEffect, useState } from 'react';
import { toFailure } from '../../api/client.ts';
import { PROVIDER_CONTEXT } from '../../api/contract/slugs.ts';
import { productCompany } from '../../api/products.ts';
import type { Company } from '../../app/rules.ts';
import { useListComplete } from '../../data/index.ts';

export type Absence =
  { kind: 'not-found' } | { kind: 'elsewhere'; company: Company } | { kind: 'needs-connection' } | { kind: 'failed' };

/** What the page knows: the server said missing here, no connection and no local row, or the pull failed. */
export type Lack = 'missing' | 'offline' | 'failed';

/** Which of the user's other companies holds the product; 'offline' when that could not be asked. */
export async function ownerElsewhere(
  id: number,
  current: number | null,
  choices: readonly Company[],
  staff: boolean,
): Promise<Company | null | 'offline'> {
  const asks = staff ? [PROVIDER_CONTEXT] : choices.map((c) => c.id).filter((c) => c !== current && c !== PROVIDER_CONTEXT);
  for (const cid of asks) {
    try {
      const owner = await productCompany(id, cid);
      return (owner !== current && choices.find((c) => c.id === owner)) || null;
    } catch (err) {
      if (toFailure(err).network) return 'offline';
    }
  }
  return null;
}

interface Who {
  current: number | null;
  choices: readonly Company[];
  staff: boolean;
}

const keyOf = (a: Absence) => (a.kind === 'elsewhere' ? `elsewhere:${a.company.id}` : a.kind);

/**
 * Undefined while it is being worked out (or when there is a product to show). `localCid`: the
 * company of a row this device holds for another company than the current one. Once an answer is
 * given for an id it stays until another comes, so the page does not flicker back to loading while
 * the server is asked again.
 */
export function useAbsence(
  id: number | undefined,
  lack: Lack | undefined,
  who: Who,
  localCid: number | undefined,
  hasProduct: boolean,
): Absence | undefined {
  const live = useLiveAbsence(id, lack, who, localCid);
  const [kept, setKept] = useState<{ id: number | undefined; absence: Absence }>();
  if (live && (kept === undefined || kept.id !== id || keyOf(kept.absence) !== keyOf(live))) setKept({ id, absence: live });
  return live ?? (kept !== undefined && kept.id === id && !hasProduct ? kept.absence : undefined);
}

function useLiveAbsence(id: number | undefined, lack: Lack | undefined, who: Who, localCid?: number): Absence | undefined {
  const complete = useListComplete('products', lack === 'offline' ? (who.current ?? undefined) : undefined);
  const [asked, setAsked] = useState<{ id: number; answer: Company | null | 'offline' }>();
  const { current, choices, staff } = who;
  // The session makes its list of companies anew on each render: the ask follows their ids.
  const companies = choices.map((c) => c.id).join(',');
  useEffect(() => {
    if (id === undefined || lack !== 'missing') return;
    let live = true;
    void ownerElsewhere(id, current, choices, staff).then((answer) => live && setAsked({ id, answer }));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, lack, current, companies, staff]);
  if (id === undefined) return { kind: 'not-found' };
  if (localCid !== undefined) {
    const owner = choices.find((c) => c.id === localCid);
    return owner ? { kind: 'elsewhere', company: owner } : { kind: 'not-found' };
  }
  if (lack === 'failed') return { kind: 'failed' };
  if (lack === 'offline')
    return complete === undefined ? undefined : complete ? { kind: 'not-found' } : { kind: 'needs-connection' };
  if (lack !== 'missing' || asked?.id !== id) return undefined;
  if (asked.answer === 'offline') return { kind: 'needs-connection' };
  return asked.answer ? { kind: 'elsewhere', company: asked.answer } : { kind: 'not-found' };
}
