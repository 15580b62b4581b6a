// Part 1 of the preset panel (and of Video): the tailor request, shown with send-products-for-
// automation. 'Click here to be contacted' mails the studio; once sent, this product's page counts as
// requested for the rest of the day (§4; per product and page, issue 27): remembered on this device,
// and read from the server, which refuses a second one the same day.
import { useState } from 'react';
import { CalendarCheck, Sparkles } from 'lucide-react';
import { ApiFailure, toFailure } from '../../api/client.ts';
import { failureText, needsConnection } from '../../api/failure-text.ts';
import { requestTailor, tailorRequested, type TailorPage } from '../../api/imagery.ts';
import { useUserAction } from '../../app/user-action.ts';
import { useSyncStatus } from '../../data/index.ts';
import { AlertPopup } from '../../ui/AlertPopup.tsx';
import { Button } from '../../ui/Button.tsx';
import { Callout } from '../../ui/Callout.tsx';
import { notify } from '../../ui/notify.tsx';
import { errorText } from './preset-rules.ts';
import { rememberRequest, requestedToday } from './tailor-store.ts';
import { useServerRead } from './use-server-read.ts';
import styles from './imagery.module.css';

const ASKING = 'Asking the studio';

interface Props {
  page: TailorPage;
  productId: number;
  customerId: number;
}

export function TailorRequest({ page, productId, customerId }: Props) {
  // What was sent from here, named by product and page: another product's screen never inherits it.
  const [sent, setSent] = useState<string | null>(null);
  const here = `${productId}:${page}`;
  const setRequested = () => {
    rememberRequest(productId, page);
    setSent(here);
  };
  const [error, setError] = useState<string | null>(null);
  const action = useUserAction();
  const { online } = useSyncStatus();
  // The answer names its product: a read still under way for the previous product says nothing here.
  const server = useServerRead(
    async () => ({ productId, pages: (await tailorRequested(productId, customerId)).pages }),
    [productId, customerId],
  );
  const serverSays = server.state === 'ready' && server.data.productId === productId && server.data.pages.includes(page);
  const requested = sent === here || serverSays || requestedToday(productId, page);
  const send = () =>
    void action.run(
      async (a) => {
        const r = await requestTailor({ id_product: productId, id_customer: customerId, page }, a.key());
        setRequested();
        notify.info('Request sent', r.message);
      },
      {
        onError: (err) => {
          const f = err instanceof ApiFailure ? err : toFailure(err);
          // Asked already today (here or by a colleague): the page counts as requested.
          if (f.status === 422) setRequested();
          setError(errorText(failureText(f, ASKING)));
        },
      },
    );
  return (
    <div className={styles.tailor}>
      {requested ? (
        <Callout tone="success" role="status" icon={<CalendarCheck />}>
          A tailor-made service was requested today. The studio will contact you soon.
        </Callout>
      ) : (
        <Callout tone="info" icon={<Sparkles />}>
          <span className={styles.tailorLine}>
            <span>Need something made to measure for this product?</span>
            <Button
              size="sm"
              variant="primary"
              loading={action.running}
              disabled={!online}
              aria-describedby={online ? undefined : `tailor-offline-${page}`}
              onClick={send}
            >
              Click here to be contacted
            </Button>
          </span>
          {!online && (
            <span id={`tailor-offline-${page}`} className={styles.muted}>
              {needsConnection(ASKING)}
            </span>
          )}
        </Callout>
      )}
      <AlertPopup open={error !== null} title="Error" message={error ?? ''} onConfirm={() => setError(null)} />
    </div>
  );
}
