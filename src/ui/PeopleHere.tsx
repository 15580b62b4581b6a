// Who else has this page open now (presence, issue 44): their avatars, overlapping, and their names in a
// line ("Victor Viewer is here too"). Nothing when nobody else is here.
import { Avatar } from './Avatar.tsx';
import styles from './PeopleHere.module.css';

export interface PeopleHereProps {
  people: readonly { id: number; name: string }[];
  /** Avatars shown before "+n". */
  max?: number;
}

/** "Ann is here too", "Ann and Bo are here too", "Ann, Bo and 2 others are here too". */
export function hereLine(names: readonly string[]): string {
  if (names.length === 1) return `${names[0]} is here too`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are here too`;
  const rest = names.length - 2;
  return `${names[0]}, ${names[1]} and ${rest === 1 ? names[2] : `${rest} others`} are here too`;
}

export function PeopleHere({ people, max = 4 }: PeopleHereProps) {
  if (people.length === 0) return null;
  const shown = people.slice(0, max);
  const more = people.length - shown.length;
  return (
    <div className={styles.here} data-testid="people-here">
      <ul className={styles.avatars} aria-label="Also on this page">
        {shown.map((p) => (
          <li key={p.id} className={styles.avatar} title={p.name}>
            <Avatar name={p.name} size={28} />
          </li>
        ))}
        {more > 0 && (
          <li className={styles.more} aria-label={`and ${more} more`}>
            +{more}
          </li>
        )}
      </ul>
      <span className={styles.line}>{hereLine(people.map((p) => p.name))}</span>
    </div>
  );
}
