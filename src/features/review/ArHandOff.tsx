// View in AR (issue 42, stage 3): the version's model through a short-lived signed link (review.arLink),
// never the product's share key, which would publish it. A device that can start AR starts it on the
// link's files; elsewhere (a desktop) a dialog shows the link's QR code for a phone, and until when it
// works. The link is asked for on every press, so a code on screen is always a fresh one. Online only.
import { useEffect, useState } from 'react';
import { Smartphone } from 'lucide-react';
import { failureText, needsConnection } from '../../api/failure-text.ts';
import { AR_FILES, arWords } from '../../api/contract/rules/review.ts';
import { arLink, useSyncStatus, type ReviewModelData, type ReviewVersionData } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { formatDateTime } from '../../ui/format.ts';
import { notify } from '../../ui/notify.tsx';
import { canStartAr, holdArProbe, startAr } from './ar-probe.ts';
import { useReview } from './review-context.ts';
import styles from './ar.module.css';

/** The dialog's code: uqr loads with the first one (src/viewer/qr.ts), not with the review page. */
interface Code {
  /** The link with ar=1, the phone's cue for a large AR button, as /viewer/'s own hand-off does. */
  target: string;
  svg: string;
  expires_at: string;
}

function QrDialog({ code, what, onClose }: { code: Code; what: string; onClose: () => void }) {
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={arWords.title}
      size="sm"
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <div className={styles.hand} data-testid="ar-dialog">
        {/* uqr's SVG, made from the link alone (no outside markup). */}
        <div className={styles.code} data-url={code.target} dangerouslySetInnerHTML={{ __html: code.svg }} />
        <p>{arWords.scan(what)}</p>
        <p className={styles.until} data-testid="ar-expiry">
          {arWords.until(formatDateTime(code.expires_at))}
        </p>
      </div>
    </Dialog>
  );
}

export function ArHandOff({ model, version }: { model: ReviewModelData; version: ReviewVersionData }) {
  const { ref } = useReview();
  const { online } = useSyncStatus();
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<Code>();
  useEffect(holdArProbe, []);
  const what = `version ${version.number} of ${model.product.name}`;

  const press = async () => {
    setBusy(true);
    try {
      const link = await arLink(ref, version.id);
      if (canStartAr()) {
        await startAr({ glb: `${link.url}${AR_FILES.glb}`, usdz: version.usdz && `${link.url}${AR_FILES.usdz}` });
        return;
      }
      const { arUrl, qrSvg } = await import('../../viewer/qr.ts');
      const target = arUrl(link.url);
      setShown({ target, svg: qrSvg(target, `QR code of the AR link for ${what}`), expires_at: link.expires_at });
    } catch (err) {
      notify.error(failureText(err, arWords.needsConnection));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className={styles.ar}>
      {!online && <span className={styles.offline}>{needsConnection(arWords.needsConnection)}</span>}
      <Button size="sm" icon={<Smartphone />} onClick={() => void press()} loading={busy} disabled={!online}>
        {arWords.button}
      </Button>
      {shown && <QrDialog code={shown} what={what} onClose={() => setShown(undefined)} />}
    </span>
  );
}
