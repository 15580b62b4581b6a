// One adjustable value of a preset (§5): its label, a text field (clamped when typed, '%' for
// percents) and a slider (range and step of the control). It re-renders alone while its slider
// drags; the availability rules follow the shadow and reflection switches.
import { useState } from 'react';
import { Slider } from '../../ui/Slider.tsx';
import { NumberField } from '../../ui/TextField.tsx';
import { useDraftValue, type DraftStore } from './draft-store.ts';
import { controlText, mappedHint, parseControl, round2, sliderEnabled, type ControlSpec } from './preset-rules.ts';
import styles from './imagery.module.css';

export interface ValueControlProps {
  store: DraftStore;
  spec: ControlSpec;
  presetSelected: boolean;
  /** Shown when the slider is off because of a switch. */
  offNote?: string;
}

export function ValueControl({ store, spec, presetSelected, offNote }: ValueControlProps) {
  const value = (useDraftValue(store, spec.key) as number | undefined) ?? 0;
  const hasShadow = useDraftValue(store, 'hasShadow');
  const hasReflection = useDraftValue(store, 'hasReflection');
  const enabled = sliderEnabled(spec.key, { hasShadow, hasReflection }, presetSelected);
  const [typed, setTyped] = useState<string | null>(null);
  const commit = () => {
    if (typed === null) return;
    const v = parseControl(spec, typed);
    if (v !== undefined) store.set(spec.key, v);
    setTyped(null);
  };
  const hint = mappedHint(store.section, spec.key, value);
  const name = spec.name ?? spec.label;
  return (
    <div className={styles.control} data-control={spec.key}>
      <div className={styles.controlHead}>
        <span className={styles.controlLabel}>{spec.label}</span>
        {hint && <span className={styles.controlHint}>{hint}</span>}
        <NumberField
          label={`${name} value`}
          hideLabel
          size="sm"
          className={styles.controlText}
          value={typed ?? controlText(spec, value)}
          onChange={setTyped}
          onFocus={(e) => e.currentTarget.select()}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit();
            if (e.key === 'Escape') setTyped(null);
          }}
          step={spec.step}
          min={spec.min}
          max={spec.max}
          disabled={!enabled}
        />
      </div>
      <Slider
        label={name}
        hideLabel
        value={[value]}
        min={spec.min}
        max={spec.max}
        step={spec.step}
        disabled={!enabled}
        format={(v) => controlText(spec, v)}
        onValueChange={([v]) => store.set(spec.key, spec.percent ? Math.round(v!) : round2(v!))}
      />
      {!enabled && presetSelected && offNote && <p className={styles.disabledNote}>{offNote}</p>}
    </div>
  );
}
