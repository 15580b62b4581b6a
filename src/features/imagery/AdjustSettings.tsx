// Parts 4 to 8 of the preset panel: Product Transform (scale, horizontal and vertical offset), Drop
// Shadow and Reflection (a switch each, then the amount), Saturation and Brightness (§5 ranges).
import type { ReactNode } from 'react';
import { Switch } from '../../ui/Checkbox.tsx';
import { useDraftValue, type DraftStore } from './draft-store.ts';
import { BRIGHTNESS, productTransform, REFLECTION, SATURATION, SHADOW, type ControlSpec } from './preset-rules.ts';
import { ValueControl } from './ValueControl.tsx';
import styles from './imagery.module.css';

interface Props {
  store: DraftStore;
  presetSelected: boolean;
}

function Part({ id, title, children, aside }: { id: string; title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <section className={styles.part} aria-labelledby={`${id}-heading`}>
      <div className={styles.partHead}>
        <h3 id={`${id}-heading`} className={styles.partTitle}>
          {title}
        </h3>
        {aside}
      </div>
      {children}
    </section>
  );
}

function Toggle({
  store,
  flag,
  label,
  disabled,
}: {
  store: DraftStore;
  flag: 'hasShadow' | 'hasReflection';
  label: string;
  disabled: boolean;
}) {
  const on = !!useDraftValue(store, flag);
  return (
    <Switch
      label={<span className="sr-only">{label}</span>}
      checked={on}
      disabled={disabled}
      onCheckedChange={(v) => store.set(flag, v ? 1 : 0)}
    />
  );
}

export function AdjustSettings({ store, presetSelected }: Props) {
  const control = (spec: ControlSpec, offNote?: string) => (
    <ValueControl store={store} spec={spec} presetSelected={presetSelected} offNote={offNote} />
  );
  const [scale, x, y] = productTransform(store.section);
  return (
    <>
      <Part id="transform" title="Product Transform">
        {control(scale!)}
        {control(x!)}
        {control(y!, 'Turn the drop shadow on to move the product vertically.')}
      </Part>
      <Part
        id="shadow"
        title="Drop Shadow"
        aside={<Toggle store={store} flag="hasShadow" label="Drop Shadow on" disabled={!presetSelected} />}
      >
        {control(SHADOW)}
      </Part>
      <Part
        id="reflection"
        title="Reflection"
        aside={<Toggle store={store} flag="hasReflection" label="Reflection on" disabled={!presetSelected} />}
      >
        {control(REFLECTION)}
      </Part>
      <Part id="saturation" title="Saturation">
        {control(SATURATION)}
      </Part>
      <Part id="brightness" title="Brightness">
        {control(BRIGHTNESS)}
      </Part>
    </>
  );
}
