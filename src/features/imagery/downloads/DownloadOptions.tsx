// Download Options of silo, vignette and 360 (document 3 §2, §4, §5, §8; issues 14, 27): a toggle per
// retailer (/gets/retailer/list) and the fixed '4K Images', a note for retailers whose file name
// holds <note>, a warning when a chosen size would upscale the product's layers or a 360 set asks for
// more frames than the studio's views, and 'Send to email',
// which queues one export per chosen option on the server; the e-mail with the link follows. Online
// only (the server renders and mails): offline it says so. Shown to the section's editors only.
import { useState } from 'react';
import { Mail } from 'lucide-react';
import { exportRules, needsNote } from '../../../api/contract/rules/export.ts';
import type { PresetSection } from '../../../api/contract/rules/preset.ts';
import { enqueueDownload } from '../../../api/exports.ts';
import { useUserAction } from '../../../app/user-action.ts';
import { useRetailers, useSyncStatus } from '../../../data/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { Callout } from '../../../ui/Callout.tsx';
import { Card } from '../../../ui/Card.tsx';
import { Switch } from '../../../ui/Checkbox.tsx';
import { SkeletonText } from '../../../ui/Skeleton.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { notify } from '../../../ui/notify.tsx';
import {
  checkDownload,
  ENQUEUE_FAILED,
  targetsOf,
  upscalesOf,
  upscaleWarning,
  viewsWarning,
  type LayerSize,
} from './download-rules.ts';
import styles from './downloads.module.css';

/** Each section's card title: the specs' '360 Product View', and its like for silo and vignette. */
export const OPTIONS_TITLE: Record<PresetSection, string> = {
  '360': '360 Product View',
  silo: 'Silo Image',
  vignette: 'Vignette Image',
};

export interface DownloadOptionsProps {
  section: PresetSection;
  productId: number;
  customerId: number;
  /** The selected preset once saved; undefined while none is chosen (or it is new and unsaved). */
  preset: { id: number; image_scale: number } | undefined;
  /** The product's layers of the section (their pixels say whether a size upscales). */
  layers: readonly LayerSize[];
  /** Told after jobs were queued (the Downloads panel reads again). */
  onQueued?: () => void;
}

export function DownloadOptions({ section, productId, customerId, preset, layers, onQueued }: DownloadOptionsProps) {
  const retailers = useRetailers();
  const { online } = useSyncStatus();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [notes, setNotes] = useState<Record<number, string>>({});
  const [problem, setProblem] = useState<{ message: string; field?: number } | null>(null);
  // Send to email is one user action per choice of options: clicked twice, each export is queued once.
  const action = useUserAction();
  const targets = targetsOf(retailers ?? []);
  const presetId = preset?.id;
  const warning = upscaleWarning(
    upscalesOf(targets, chosen, preset && { section, image_scale: preset.image_scale }, layers),
    layers[0],
  );
  // A 360 section's layers are the studio's views: fewer than a set's frames fails it (issue 43).
  const short = viewsWarning(targets, chosen, section, layers.length);

  const toggle = (id: number, on: boolean) => {
    setChosen((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
    setProblem(null);
  };

  const send = () => {
    const check = checkDownload(presetId, targets, chosen, notes);
    if (!check.ok) return setProblem({ message: check.message, field: check.field });
    setProblem(null);
    const requests = check.requests.map((r) => ({
      id_product: productId,
      id_customer: customerId,
      id_product_config: presetId!,
      ...r,
    }));
    void action.run(
      async (a) => {
        // One call per option, each under its own key of the action (its retailer's id).
        const results = await Promise.allSettled(requests.map((r) => enqueueDownload(r, a.key(r.retailer))));
        const failed = results.filter((r) => r.status === 'rejected');
        for (const f of failed) console.warn('[facet] enqueue download failed', f.reason);
        if (failed.length === results.length) throw failed[0]!.reason;
        if (failed.length)
          setProblem({ message: `${ENQUEUE_FAILED} ${failed.length} of ${results.length} could not be queued.` });
        notify.info('Download requested', 'The files are being prepared. An e-mail with the link will follow.');
        setChosen(new Set());
        onQueued?.();
      },
      { input: requests, onError: () => setProblem({ message: ENQUEUE_FAILED }) },
    );
  };

  return (
    <Card
      title={OPTIONS_TITLE[section]}
      description="Download Options: choose the formats to prepare. The links arrive by e-mail."
      headingLevel={3}
    >
      {!retailers ? (
        <SkeletonText lines={4} />
      ) : (
        <ul className={styles.options} aria-label="Download Options">
          {targets.map((t) => (
            <li key={t.id} className={styles.option}>
              <Switch label={t.retailer} checked={chosen.has(t.id)} onCheckedChange={(on) => toggle(t.id, on)} />
              {needsNote(t.file_name) && (
                <TextField
                  label={`Note for ${t.retailer}`}
                  hint="Used in the file names"
                  value={notes[t.id] ?? ''}
                  maxLength={exportRules.note.max}
                  onChange={(e) => {
                    setNotes((n) => ({ ...n, [t.id]: e.target.value }));
                    if (problem?.field === t.id) setProblem(null);
                  }}
                  error={problem?.field === t.id ? problem.message : undefined}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      <div className={styles.send}>
        {[warning, short].map(
          (w) =>
            w && (
              <Callout key={w.title} tone="warning" role="status">
                <strong>{w.title}</strong>
                {w.lines.map((l) => (
                  <p key={l} className={styles.warningLine}>
                    {l}
                  </p>
                ))}
              </Callout>
            ),
        )}
        {problem && problem.field === undefined && (
          <Callout tone="danger" role="alert">
            {problem.message}
          </Callout>
        )}
        {!online && <Callout tone="neutral">Sending needs a connection.</Callout>}
        <Button variant="primary" icon={<Mail />} loading={action.running} disabled={!online} onClick={send}>
          Send to email
        </Button>
      </div>
    </Card>
  );
}
