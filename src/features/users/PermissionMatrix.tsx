// The permission matrix of a role: grouped by section, See and Edit side by side, each permission with
// its description. A permission the acting user lacks cannot be given (no escalation), and says why.
import type { PrivilegeReply } from '../../api/users.ts';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { groupPermissions } from './rules.ts';
import styles from './users.module.css';

export interface MatrixProps {
  privileges: readonly PrivilegeReply[];
  value: ReadonlyMap<string, boolean>;
  onChange: (slug: string, on: boolean) => void;
  /** The whole matrix is read-only (the locked role, a role beyond the user's permissions, offline). */
  readOnly: boolean;
  held: ReadonlySet<string>;
}

export function PermissionMatrix({ privileges, value, onChange, readOnly, held }: MatrixProps) {
  const groups = groupPermissions(privileges);
  return (
    <div className={styles.matrix} role="group" aria-label="Permissions">
      {groups.map((g) => (
        <section key={g.section} className={styles.matrixRow} aria-label={g.section}>
          <h3 className={styles.matrixSection}>{g.section}</h3>
          <div className={styles.matrixCells} data-kind={g.kind}>
            {g.items.map((p) => {
              const notHeld = !held.has(p.slug);
              return (
                <Checkbox
                  key={p.slug}
                  label={p.name}
                  description={
                    notHeld && !readOnly
                      ? `${p.description} You do not hold this permission, so you cannot give it.`
                      : p.description
                  }
                  checked={value.get(p.slug) ?? p.permited}
                  disabled={readOnly || (notHeld && !(value.get(p.slug) ?? p.permited))}
                  onCheckedChange={(on) => onChange(p.slug, on)}
                  className={styles.matrixCell}
                />
              );
            })}
          </div>
        </section>
      ))}
    </div>
  );
}
