// The stage: the version in 3D or one of its renders (a switch above), each with its pins. A reviewer
// drops a pin by clicking the surface or the picture, or from the keyboard with "Pin at the centre of
// the view"; the comment box opens at the point. Readers see the pins and change nothing.
import { useEffect, useRef, useState } from 'react';
import { Box, Crosshair, Image } from 'lucide-react';
import { storageUrl } from '../../api/storage-paths.ts';
import type { PinPlace, ReviewModelData, ReviewVersionData } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { SegmentedControl } from '../../ui/RadioGroup.tsx';
import { ArHandOff } from './ArHandOff.tsx';
import { ModelPins, placeAt } from './ModelPins.tsx';
import type { ReviewModelElement } from './ModelViewer.tsx';
import { PinDraft } from './PinDraft.tsx';
import { pinsOn, type StageView } from './pin-rules.ts';
import { RenderPins } from './RenderPins.tsx';
import styles from './pins.module.css';

interface Props {
  model: ReviewModelData;
  version: ReviewVersionData;
  view: StageView;
  onView: (v: StageView) => void;
  selected: number | undefined;
  onSelect: (n: number) => void;
  /** Pins may be dropped (a reviewer, on the latest version). */
  editable: boolean;
}

type Draft = { place: PinPlace; at: { x: number; y: number; width: number; height: number }; seq: number };

const MISSED = 'The centre of the view is not on the model. Turn the model so that it is, then try again.';

/** model-viewer's element, and whether its model has loaded (pins are picked on the loaded scene). */
function useLoaded(el: ReviewModelElement | null) {
  const [loadedEl, setLoadedEl] = useState<ReviewModelElement | null>(null);
  useEffect(() => {
    if (!el) return;
    const on = () => setLoadedEl(el);
    el.addEventListener('load', on);
    return () => el.removeEventListener('load', on);
  }, [el]);
  return !!el && (loadedEl === el || el.loaded);
}

export function PinStage({ model, version, view, onView, selected, onSelect, editable }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const seq = useRef(0);
  const [el, setEl] = useState<ReviewModelElement | null>(null);
  const loaded = useLoaded(el);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [miss, setMiss] = useState<string>();
  const next = Math.max(0, ...version.pins.map((p) => p.number)) + 1;
  const name = model.product.name;

  const open = (place: PinPlace, client: { x: number; y: number }) => {
    const r = box.current!.getBoundingClientRect();
    setMiss(undefined);
    setDraft({ place, at: { x: client.x - r.left, y: client.y - r.top, width: r.width, height: r.height }, seq: ++seq.current });
  };
  const centre = () => {
    const target = view === 'model' ? el : box.current?.querySelector('[data-render-frame]');
    if (!target) return;
    const r = target.getBoundingClientRect();
    const c = { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    const place: PinPlace | null =
      view === 'model' ? placeAt(el!, c.x, c.y) : { target: 'render', render_index: view, position: [0.5, 0.5] };
    if (place) open(place, c);
    else setMiss(MISSED);
  };
  const switchTo = (v: StageView) => {
    setDraft(null);
    onView(v);
  };
  const pick = editable ? open : undefined;
  const shown = pinsOn(version.pins, view);
  const drafted = draft && { ...draft.place, number: next, seq: draft.seq };

  return (
    <div className={styles.pinStage}>
      <div className={styles.stageTools}>
        {version.renders.length > 0 && (
          <SegmentedControl
            label="Show on the stage"
            size="sm"
            value={view === 'model' ? 'model' : `render-${view}`}
            options={[
              { value: 'model', label: '3D model', icon: <Box size={14} aria-hidden="true" /> },
              ...version.renders.map((_, i) => ({
                value: `render-${i}`,
                label: `Render ${i + 1}`,
                icon: <Image size={14} aria-hidden="true" />,
              })),
            ]}
            onValueChange={(v) => switchTo(v === 'model' ? 'model' : Number(v.slice('render-'.length)))}
          />
        )}
        <span className={styles.stageActions}>
          {editable && (
            <Button size="sm" icon={<Crosshair />} onClick={centre} disabled={view === 'model' && !loaded}>
              Pin at the centre of the view
            </Button>
          )}
          <ArHandOff model={model} version={version} />
        </span>
      </div>
      <div ref={box} className={styles.stageBox} data-pinnable={editable ? '' : undefined}>
        {view === 'model' ? (
          <ModelPins
            glb={storageUrl(version.glb)}
            usdz={version.usdz && storageUrl(version.usdz)}
            poster={version.poster && storageUrl(version.poster)}
            alt={`3D model of ${name}, version ${version.number}`}
            pins={shown}
            selected={selected}
            onSelect={onSelect}
            onPick={pick}
            draft={drafted?.target === 'model' ? drafted : undefined}
            onElement={setEl}
          />
        ) : (
          <RenderPins
            src={storageUrl(version.renders[view]!)}
            index={view}
            name={name}
            pins={shown}
            selected={selected}
            onSelect={onSelect}
            onPick={pick}
            draft={drafted?.target === 'render' ? drafted : undefined}
          />
        )}
        {draft && (
          <PinDraft versionId={version.id} number={next} place={draft.place} at={draft.at} onDone={() => setDraft(null)} />
        )}
      </div>
      {miss ? (
        <p className={styles.stageHint} role="status">
          {miss}
        </p>
      ) : (
        editable && (
          <p className={styles.stageHint}>
            {view === 'model'
              ? 'Click the model to pin a comment there; drag to turn it.'
              : 'Click the render to pin a comment there.'}
          </p>
        )
      )}
    </div>
  );
}
