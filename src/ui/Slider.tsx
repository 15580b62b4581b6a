// A value (or a range, with two thumbs) on a track (Radix Slider): pointer drags follow the pointer
// frame by frame, arrow keys step, Page keys step by ten, Home/End jump. The value shows beside the label.
import { useId } from 'react';
import { Slider as S } from 'radix-ui';
import { cx } from './cx.ts';
import styles from './Slider.module.css';

export interface SliderProps {
  label: string;
  /** One value, or two for a range. */
  value: number[];
  onValueChange: (value: number[]) => void;
  /** Called once when a drag or a key press ends (e.g. to save). */
  onValueCommit?: (value: number[]) => void;
  min?: number;
  max?: number;
  step?: number;
  disabled?: boolean;
  /** How a value reads ('50 %', '1.2×'); also used for the thumbs' aria-valuetext. */
  format?: (v: number) => string;
  /** Names of the thumbs of a range. */
  thumbLabels?: string[];
  hideLabel?: boolean;
  className?: string;
}

export function Slider({
  label,
  value,
  onValueChange,
  onValueCommit,
  min = 0,
  max = 100,
  step = 1,
  disabled,
  format = String,
  thumbLabels,
  hideLabel,
  className,
}: SliderProps) {
  const id = useId();
  return (
    <div className={cx(styles.slider, disabled && styles.disabled, className)}>
      <div className={cx(styles.head, hideLabel && 'sr-only')}>
        <span id={`${id}-l`} className={styles.label}>
          {label}
        </span>
        <output className={styles.value} aria-hidden="true">
          {value.map(format).join(' – ')}
        </output>
      </div>
      <S.Root
        className={styles.root}
        value={value}
        onValueChange={onValueChange}
        onValueCommit={onValueCommit}
        min={min}
        max={max}
        step={step}
        disabled={disabled}
        minStepsBetweenThumbs={0}
        aria-labelledby={`${id}-l`}
      >
        <S.Track className={styles.track}>
          <S.Range className={styles.range} />
        </S.Track>
        {value.map((v, i) => (
          <S.Thumb
            key={i}
            className={styles.thumb}
            aria-label={value.length > 1 ? `${label}: ${thumbLabels?.[i] ?? (i === 0 ? 'minimum' : 'maximum')}` : label}
            aria-valuetext={format(v)}
          />
        ))}
      </S.Root>
    </div>
  );
}
