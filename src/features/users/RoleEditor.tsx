// One role: its name (rename), who holds it, and its permission matrix; Save sends what changed
// (a new role is created first, then given its permissions), Delete asks first, naming the role.
import { useState } from 'react';
import { Lock, Trash2 } from 'lucide-react';
import { toFailure } from '../../api/client.ts';
import { createRole, deleteRole, editRolePermissions, renameRole } from '../../api/users.ts';
import { useUserAction } from '../../app/user-action.ts';
import { useCompanyUsers, type CompanyRoleRow } from '../../data/index.ts';
import { SELF_LOCKOUT, locksSelfOut } from '../../api/contract/rules/user.ts';
import { Callout } from '../../ui/Callout.tsx';
import { AlertDialog } from '../../ui/AlertDialog.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { plural } from '../../ui/format.ts';
import { Stack } from '../../ui/Layout.tsx';
import { notify } from '../../ui/notify.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { PermissionMatrix } from './PermissionMatrix.tsx';
import { NEW_ROLE_ID, permissionChanges, ROLE_PLACEHOLDER, roleLabel, roleLockReason, roleNameError } from './rules.ts';
import { useScreen } from './screen.tsx';
import styles from './users.module.css';

export interface RoleDraft {
  name: string;
  perms: ReadonlyMap<string, boolean>;
}

interface Props {
  role: CompanyRoleRow;
  roles: CompanyRoleRow[];
  draft: RoleDraft | null;
  onDraft: (d: RoleDraft | null) => void;
  /** Saved (or, for a new role, created) under this id; `keep` carries edits still to send. */
  onSaved: (id: number, keep?: RoleDraft) => void;
  onDeleted: () => void;
}

export function RoleEditor({ role, roles, draft, onDraft, onSaved, onDeleted }: Props) {
  const { cid, me, held, online, refresh, showError } = useScreen();
  const [nameError, setNameError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  // The editor stays open after a save: the same role and edits saved again join the save made.
  const saving = useUserAction();
  const deleting = useUserAction();
  const busy = saving.running || deleting.running;
  const isNew = role.id === NEW_ROLE_ID;
  const name = draft?.name ?? role.name;
  const perms = draft?.perms ?? new Map<string, boolean>();
  const lockReason = roleLockReason(role, held);
  const readOnly = !!lockReason || !online;
  const changes = permissionChanges(role.privileges, perms);
  const renamed = name.trim() !== role.name;
  const dirty = isNew || renamed || Object.keys(changes).length > 0;
  // The role the user holds here: taking its management away would lock them out (the server refuses too).
  const mine = useCompanyUsers(cid)?.rows.find((u) => u.id === me)?.role?.id === role.id;
  const selfLockout = mine && locksSelfOut(changes);
  const edit = (patch: Partial<RoleDraft>) => onDraft({ name, perms, ...patch });

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    const invalid = roleNameError(name, role.id, roles);
    if (invalid) return setNameError(invalid);
    setNameError(null);
    let id = role.id;
    // Its calls in order: the create (new role), then the permissions or the rename.
    void saving.run(
      async (a) => {
        if (isNew) id = (await createRole({ id_customer: cid, name: name.trim() }, a.key(0))).id;
        if (Object.keys(changes).length) {
          await editRolePermissions(
            { id_role: id, id_customer: cid, permissions: changes, ...(!isNew && renamed && { name: name.trim() }) },
            a.key(1),
          );
        } else if (!isNew && renamed) {
          await renameRole({ id_role: id, id_customer: cid, name: name.trim() }, a.key(1));
        }
        notify.saved(isNew ? `The role ${name.trim()} was created.` : `The role ${name.trim()} was saved.`);
        await refresh();
        onSaved(id);
      },
      {
        input: [role.id, name.trim(), changes],
        onError: (err) => {
          const f = toFailure(err);
          if (f.status === 422 && f.errors?.name) setNameError(f.errors.name[0]!);
          else showError(err);
          void refresh();
          // Created, but its permissions were refused: it is an existing role now, with the edits kept.
          if (isNew && id !== NEW_ROLE_ID) onSaved(id, { name: name.trim(), perms });
        },
      },
    );
  };

  const remove = () => {
    if (isNew) return onDeleted();
    void deleting.run(
      async (a) => {
        const res = await deleteRole(cid, role.id, a.key());
        notify.saved(res.message);
        setConfirmDelete(false);
        await refresh();
        onDeleted();
      },
      {
        input: role.id,
        onError: (err) => {
          setConfirmDelete(false);
          showError(err);
        },
      },
    );
  };

  const footer = !lockReason && (
    <Stack direction="row" gap={2} justify="space-between" className={styles.editorFooter}>
      <Button
        variant="ghost"
        icon={<Trash2 />}
        disabled={!online || busy}
        onClick={() => (isNew ? onDeleted() : setConfirmDelete(true))}
      >
        {isNew ? 'Discard new role' : 'Delete role'}
      </Button>
      <Stack direction="row" gap={2}>
        {draft && !isNew && (
          <Button onClick={() => (onDraft(null), setNameError(null))} disabled={busy}>
            Discard changes
          </Button>
        )}
        <Button
          type="submit"
          variant="primary"
          loading={saving.running}
          disabled={!online || !dirty || selfLockout || deleting.running}
        >
          {isNew ? 'Create role' : 'Save role'}
        </Button>
      </Stack>
    </Stack>
  );

  return (
    <Card
      title={
        <span className={styles.editorTitle}>
          {role.locked && <Lock aria-hidden="true" className={styles.lockIcon} />}
          {roleLabel(name)}
        </span>
      }
      description={isNew ? 'A new role. It is created when you save it.' : `Held by ${plural(role.users, 'person', 'people')}.`}
    >
      <form onSubmit={save} noValidate aria-label={`Role ${roleLabel(name)}`}>
        <Stack gap={5}>
          {lockReason && (
            <p className={styles.lockNote} role="note">
              <Lock aria-hidden="true" /> {lockReason}
            </p>
          )}
          <TextField
            label="Role name"
            required
            placeholder={ROLE_PLACEHOLDER}
            value={name}
            error={nameError}
            readOnly={readOnly}
            onChange={(e) => (edit({ name: e.target.value }), setNameError(null))}
            className={styles.roleName}
          />
          <PermissionMatrix
            privileges={role.privileges}
            value={perms}
            held={held}
            readOnly={readOnly}
            onChange={(slug, on) => {
              const next = new Map(perms);
              next.set(slug, on);
              edit({ perms: next });
            }}
          />
          {selfLockout && (
            <Callout tone="warning" role="alert">
              {SELF_LOCKOUT}
            </Callout>
          )}
          {footer}
        </Stack>
      </form>
      <AlertDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete role"
        description={`The role ${role.name} will be deleted. This cannot be undone.`}
        confirmLabel={`Delete ${role.name}`}
        loading={deleting.running}
        onConfirm={remove}
      />
    </Card>
  );
}
