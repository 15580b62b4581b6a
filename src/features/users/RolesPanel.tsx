// Roles and Permissions (document 3 §2, §4, §6; manage-roles only): the company's roles on the left,
// the chosen one on the right. New role adds an unsaved role (id -1, 'Role Name*') that is created on
// its first save. Unsaved edits are kept per role while the user looks at another one, and on this
// device over a reload (issue 43) until saved or discarded.
import { useMemo, useState } from 'react';
import { KeyRound, Lock, Plus } from 'lucide-react';
import { useKeptForm } from '../../app/kept-form.tsx';
import { leavesTab } from '../../app/unsaved-guard.ts';
import { formDraftKey } from '../../data/catalog/index.ts';
import { useCompanyRoles, type CompanyRoleRow } from '../../data/index.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { plural } from '../../ui/format.ts';
import { Stack } from '../../ui/Layout.tsx';
import { LoadingLabel, Skeleton } from '../../ui/Skeleton.tsx';
import { RoleEditor, type RoleDraft } from './RoleEditor.tsx';
import { NEW_ROLE_ID, roleLabel } from './rules.ts';
import { useScreen } from './screen.tsx';
import styles from './users.module.css';

/** A new role: id -1, no name yet (the field shows the placeholder), no permissions. */
export function newRole(template: CompanyRoleRow, cid: number): CompanyRoleRow {
  return {
    id: NEW_ROLE_ID,
    cid,
    name: '',
    locked: false,
    users: 0,
    privileges: template.privileges.map((p) => ({ ...p, permited: false })),
  };
}

export function RolesPanel() {
  const { cid, me, online, pulled } = useScreen();
  const mirrored = useCompanyRoles(cid);
  const [selected, setSelected] = useState<number | null>(null);
  const [fresh, setFresh] = useState<CompanyRoleRow | null>(null);
  const [drafts, setDrafts] = useState<Map<number, RoleDraft>>(new Map());
  const kept = useMemo(() => ({ drafts, fresh, selected }), [drafts, fresh, selected]);
  const keeping = useKeptForm(formDraftKey(me, cid, 'roles'), kept, {
    dirty: drafts.size > 0,
    restore: (k) => {
      setDrafts(k.drafts);
      setFresh(k.fresh);
      setSelected(k.selected);
    },
    reset: () => {
      setDrafts(new Map());
      setFresh(null);
    },
    leaves: leavesTab('tab'),
  });

  if (!mirrored || (!mirrored.known && !pulled)) return <RolesSkeleton />;
  const roles = fresh ? [...mirrored.rows, fresh] : mirrored.rows;
  if (!roles.length) {
    return (
      <EmptyState
        icon={<KeyRound />}
        title="The roles of this company have not been loaded on this device yet."
        description="They appear once you are online."
      />
    );
  }
  const current = roles.find((r) => r.id === selected) ?? roles[0]!;
  const setDraft = (id: number, d: RoleDraft | null) =>
    setDrafts((m) => {
      const next = new Map(m);
      if (d) next.set(id, d);
      else next.delete(id);
      return next;
    });

  return (
    <div className={styles.roles}>
      {keeping.notice && <div className={styles.rolesNotice}>{keeping.notice}</div>}
      <Stack gap={3} className={styles.roleList}>
        <Button
          icon={<Plus />}
          disabled={!online || !!fresh}
          onClick={() => {
            setFresh(newRole(roles[0]!, cid));
            setSelected(NEW_ROLE_ID);
          }}
        >
          New role
        </Button>
        <nav aria-label="Roles">
          <ul className={styles.roleItems}>
            {roles.map((r) => (
              <li key={r.id}>
                <Button
                  variant="ghost"
                  block
                  aria-current={r.id === current.id ? 'true' : undefined}
                  className={styles.roleItem}
                  data-active={r.id === current.id ? '' : undefined}
                  onClick={() => setSelected(r.id)}
                >
                  <span className={styles.roleItemText}>
                    <span className={styles.roleItemName}>
                      {r.locked && <Lock aria-label="Locked" className={styles.lockIcon} />}
                      {roleLabel(drafts.get(r.id)?.name ?? r.name)}
                    </span>
                    <span className={styles.roleItemMeta}>
                      {r.id === NEW_ROLE_ID ? 'Not saved yet' : plural(r.users, 'person', 'people')}
                    </span>
                  </span>
                  {drafts.has(r.id) && r.id !== NEW_ROLE_ID && (
                    <Badge size="sm" tone="warning">
                      Edited
                    </Badge>
                  )}
                </Button>
              </li>
            ))}
          </ul>
        </nav>
      </Stack>
      <RoleEditor
        key={current.id}
        role={current}
        roles={roles}
        draft={drafts.get(current.id) ?? null}
        onDraft={(d) => setDraft(current.id, d)}
        onSaved={(id, keep) => {
          setDraft(current.id, null);
          if (keep) setDraft(id, keep);
          if (current.id === NEW_ROLE_ID) setFresh(null);
          setSelected(id);
        }}
        onDeleted={() => {
          setDraft(current.id, null);
          if (current.id === NEW_ROLE_ID) setFresh(null);
          setSelected(null);
        }}
      />
    </div>
  );
}

function RolesSkeleton() {
  return (
    <div className={styles.roles}>
      <LoadingLabel>Loading roles…</LoadingLabel>
      <Stack gap={2}>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height={44} />
        ))}
      </Stack>
      <Skeleton height={420} />
    </div>
  );
}
