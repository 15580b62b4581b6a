// The ambient chips of the template catalogues (document 2 §2.1): each one toggles on and off; a
// template with any chip that is on matches.
import type { IdNameRow } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import styles from './templates.module.css';

export function AmbientChips({
  ambients,
  value,
  onChange,
}: {
  ambients: readonly IdNameRow[] | undefined;
  value: readonly number[];
  onChange: (ids: number[]) => void;
}) {
  const toggle = (id: number) => onChange(value.includes(id) ? value.filter((x) => x !== id) : [...value, id]);
  return (
    <div className={styles.chips} role="group" aria-label="Ambients">
      <span className={styles.chipsLabel} aria-hidden="true">
        Ambients
      </span>
      {ambients === undefined
        ? [72, 96, 64, 88].map((w, i) => <Skeleton key={i} width={w} height={28} />)
        : [...ambients]
            .sort((a, b) => a.name.localeCompare(b.name))
            .map((a) => {
              const on = value.includes(a.id);
              return (
                <Button
                  key={a.id}
                  size="sm"
                  variant={on ? 'primary' : 'secondary'}
                  aria-pressed={on}
                  onClick={() => toggle(a.id)}
                  className={styles.chip}
                >
                  {a.name}
                </Button>
              );
            })}
    </div>
  );
}
