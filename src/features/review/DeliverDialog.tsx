// The studio delivers a model's next version (staff, online only): the .glb, optionally the .usdz for
// iOS, a poster and up to 3 renders, each file judged by the contract's upload rules when picked. A
// render or a poster is needed (the server cannot draw the model). The server's refusals show on the
// fields they name; the round is fetched again after a delivery.
import { useState } from 'react';
import { PackagePlus } from 'lucide-react';
import { toFailure } from '../../api/client.ts';
import { failureText, needsConnection } from '../../api/failure-text.ts';
import { acceptOf, UPLOAD_LIMIT_MB } from '../../api/contract/rules/files.ts';
import { reviewWords } from '../../api/contract/rules/review.ts';
import { uploadCheck } from '../../api/upload-check.ts';
import { useUserAction } from '../../app/user-action.ts';
import { deliver, refreshReviewRound, useSyncStatus, type ReviewModelData } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Callout } from '../../ui/Callout.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { FileDrop } from '../../ui/FileDrop.tsx';
import { FormGrid, Stack } from '../../ui/Layout.tsx';
import { notify } from '../../ui/notify.tsx';
import { useReview } from './review-context.ts';
import styles from './review.module.css';

const MAX_RENDERS = 3;
const checks = { glb: uploadCheck('glb'), usdz: uploadCheck('usdz'), image: uploadCheck('image') };
type Field = 'glb' | 'usdz' | 'poster' | 'renders';
/** The server's part names, onto the form's fields. */
const FIELD_OF: Record<string, Field> = { file_glb: 'glb', file_usdz: 'usdz', file_poster: 'poster' };

function DeliverDialog({ model, onDone }: { model: ReviewModelData; onDone: (version?: number) => void }) {
  const { ref } = useReview();
  const { online } = useSyncStatus();
  const action = useUserAction();
  const [glb, setGlb] = useState<File[]>([]);
  const [usdz, setUsdz] = useState<File[]>([]);
  const [poster, setPoster] = useState<File[]>([]);
  const [renders, setRenders] = useState<File[]>([]);
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});

  const send = () => {
    const found: typeof errors = {};
    if (!glb[0]) found.glb = 'Choose the model’s .glb file.';
    if (!poster[0] && !renders.length) found.renders = reviewWords.deliveryNeedsPoster;
    setErrors(found);
    if (Object.keys(found).length) return;
    const files = { glb: glb[0]!, usdz: usdz[0], poster: poster[0], renders };
    void action.run(
      async (a) => {
        const { version } = await deliver(ref, model.id, files, a.key());
        await refreshReviewRound(ref.cid, ref.roundId);
        notify.saved(`${reviewWords.delivered}: version ${version.number} of ${model.product.name}.`);
        onDone(version.number);
      },
      {
        input: files,
        onError: (err) => {
          const f = toFailure(err);
          const mine: typeof errors = {};
          for (const [k, v] of Object.entries(f.errors ?? {}))
            mine[FIELD_OF[k] ?? (k.startsWith('render_') ? 'renders' : 'form')] ??= v[0];
          if (!Object.keys(mine).length || f.status === undefined || f.status >= 500)
            mine.form = failureText(err, 'Delivering a version');
          setErrors(mine);
        },
      },
    );
  };

  // A pick answers the field's error (a poster answers the renders' too).
  const clear = (...fields: Field[]) => setErrors((e) => ({ ...e, ...Object.fromEntries(fields.map((f) => [f, undefined])) }));
  const one = (set: (f: File[]) => void, ...fields: Field[]) => ({
    onPick: (ok: File[]) => {
      if (!ok.length) return;
      set(ok);
      clear(...fields);
    },
    onRemove: () => set([]),
  });
  const footer = (
    <>
      {!online && <span className={styles.muted}>{needsConnection('Delivering a version')}</span>}
      <Button onClick={() => onDone()}>Cancel</Button>
      <Button variant="primary" onClick={send} loading={action.running} disabled={!online}>
        Deliver version {model.versions.length + 1}
      </Button>
    </>
  );
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onDone()}
      title={`Deliver a new version of ${model.product.name}`}
      size="lg"
      footer={footer}
    >
      <Stack gap={4}>
        {errors.form && (
          <Callout tone="danger" role="alert">
            {errors.form}
          </Callout>
        )}
        <FileDrop
          label="Model (.glb)"
          accept={acceptOf('glb')}
          acceptLabel={`GLB, up to ${UPLOAD_LIMIT_MB} MB`}
          files={glb}
          check={checks.glb}
          error={errors.glb}
          {...one(setGlb, 'glb')}
        />
        <FormGrid>
          <FileDrop
            label="AR model for iOS (.usdz, optional)"
            accept={acceptOf('usdz')}
            acceptLabel="USDZ"
            files={usdz}
            check={checks.usdz}
            error={errors.usdz}
            {...one(setUsdz, 'usdz')}
          />
          <FileDrop
            label="Poster (optional)"
            accept={acceptOf('image')}
            acceptLabel="PNG or JPEG"
            files={poster}
            check={checks.image}
            error={errors.poster}
            {...one(setPoster, 'poster', 'renders')}
          />
        </FormGrid>
        <FileDrop
          label={`Renders (up to ${MAX_RENDERS})`}
          accept={acceptOf('image')}
          acceptLabel="PNG or JPEG"
          multiple
          files={renders}
          check={checks.image}
          error={errors.renders}
          hint="The first render, or the poster, is what the page shows before the model loads."
          onPick={(ok) => {
            setRenders((r) => [...r, ...ok].slice(0, MAX_RENDERS));
            if (ok.length) clear('renders');
          }}
          onRemove={(i) => setRenders((r) => r.filter((_, k) => k !== i))}
        />
      </Stack>
    </Dialog>
  );
}

export function DeliverButton({ model, onDelivered }: { model: ReviewModelData; onDelivered: (version: number) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<PackagePlus />} onClick={() => setOpen(true)}>
        Deliver a new version
      </Button>
      {/* Made anew at each opening: a new delivery is a new user action. */}
      {open && (
        <DeliverDialog
          model={model}
          onDone={(n) => {
            setOpen(false);
            if (n !== undefined) onDelivered(n);
          }}
        />
      )}
    </>
  );
}
