// Manage Accounts (document 3 §2): the company's people, searchable and filterable by role and
// status, the invitations still pending, and Register User. Edit controls only with manage-users.
import { useCallback, useState } from 'react';
import { SearchX, UserPlus, Users } from 'lucide-react';
import { setUserRole } from '../../api/users.ts';
import { useCompanyRoles, useCompanyUsers, type PersonRow } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { plural } from '../../ui/format.ts';
import { Stack, Toolbar } from '../../ui/Layout.tsx';
import { SelectInput } from '../../ui/Select.tsx';
import { LoadingLabel, Skeleton } from '../../ui/Skeleton.tsx';
import { SearchField } from '../../ui/TextField.tsx';
import { InviteDialog } from './InviteDialog.tsx';
import { PendingInvitations } from './PendingInvitations.tsx';
import { PeopleTable } from './PeopleTable.tsx';
import { useSecurityCall } from './PersonActions.tsx';
import { filterPeople, STATUS_LABEL, type PeopleFilter, type StatusFilter } from './rules.ts';
import { useScreen } from './screen.tsx';
import styles from './users.module.css';

const NO_FILTER: PeopleFilter = { text: '', roleId: 'all', status: 'all' };

export function ManageAccounts() {
  const { cid, manageUsers, online, pulled } = useScreen();
  const users = useCompanyUsers(cid);
  const roles = useCompanyRoles(cid);
  const [filter, setFilter] = useState<PeopleFilter>(NO_FILTER);
  const [inviting, setInviting] = useState(false);
  const { busy: changingRole, run } = useSecurityCall();
  const changeRole = useCallback(
    (p: PersonRow, roleId: number) =>
      void run(['role', p.id, roleId], (key) => setUserRole({ id_user: p.id, id_customer: cid, id_role: roleId }, key)),
    [cid, run],
  );

  if (!users || !roles || (!users.known && !pulled)) return <TableSkeleton />;
  const everyone = users.rows;
  const shown = filterPeople(everyone, filter);
  const filtered = filter.text !== '' || filter.roleId !== 'all' || filter.status !== 'all';
  const empty = filtered ? (
    <EmptyState
      compact
      icon={<SearchX />}
      title="Nobody matches these filters."
      action={<Button onClick={() => setFilter(NO_FILTER)}>Clear filters</Button>}
    />
  ) : (
    <EmptyState
      compact
      icon={<Users />}
      title={users.known ? 'No people in this company yet.' : 'The list of people has not been loaded on this device yet.'}
      action={
        manageUsers && online ? (
          <Button icon={<UserPlus />} onClick={() => setInviting(true)}>
            Register User
          </Button>
        ) : undefined
      }
    />
  );
  return (
    <Stack gap={4}>
      <Toolbar>
        <SearchField
          label="Search people"
          hideLabel
          placeholder="Search by name or email"
          value={filter.text}
          onValueChange={(text) => setFilter({ ...filter, text })}
          className={styles.search}
        />
        <SelectInput
          aria-label="Filter by role"
          value={filter.roleId === 'all' ? 0 : filter.roleId}
          options={[{ value: 0, label: 'All roles' }, ...roles.rows.map((r) => ({ value: r.id, label: r.name }))]}
          onValueChange={(v) => setFilter({ ...filter, roleId: v === 0 ? 'all' : v })}
        />
        <SelectInput<StatusFilter>
          aria-label="Filter by status"
          value={filter.status}
          options={[
            { value: 'all', label: 'All statuses' },
            ...(['active', 'invited', 'disabled'] as const).map((s) => ({ value: s, label: STATUS_LABEL[s] })),
          ]}
          onValueChange={(status) => setFilter({ ...filter, status })}
        />
        <span className={styles.count}>
          {filtered
            ? `${shown.length} of ${plural(everyone.length, 'person', 'people')}`
            : plural(everyone.length, 'person', 'people')}
        </span>
        {manageUsers && (
          <Button
            variant="primary"
            icon={<UserPlus />}
            disabled={!online}
            onClick={() => setInviting(true)}
            className={styles.push}
          >
            Register User
          </Button>
        )}
      </Toolbar>
      {manageUsers && <PendingInvitations people={everyone} />}
      <PeopleTable people={shown} roles={roles.rows} empty={empty} onChangeRole={changeRole} changingRole={changingRole} />
      {inviting && <InviteDialog roles={roles.rows} onClose={() => setInviting(false)} />}
    </Stack>
  );
}

function TableSkeleton() {
  return (
    <Stack gap={3}>
      <LoadingLabel>Loading people…</LoadingLabel>
      <Skeleton height={32} width={420} />
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} height={40} />
      ))}
    </Stack>
  );
}
