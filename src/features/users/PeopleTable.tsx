// The company's people as a sortable table (photo and name, email, role, status, last sign-in), with
// the role chooser and the row actions on the rows the acting user may change.
import { createContext, useContext, useMemo } from 'react';
import {
  createColumnHelper,
  createSortedRowModel,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_datetime,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { storageUrl } from '../../api/storage-paths.ts';
import type { CompanyRoleRow, PersonRow } from '../../data/index.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Badge, type BadgeTone } from '../../ui/Badge.tsx';
import { formatDateTime } from '../../ui/format.ts';
import { SelectInput } from '../../ui/Select.tsx';
import { DataTable } from '../../ui/Table.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';
import { PersonActions } from './PersonActions.tsx';
import { cannotActOn, lacking, slugsOf, statusText } from './rules.ts';
import { useScreen } from './screen.tsx';
import styles from './users.module.css';

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic, datetime: sortFn_datetime },
});
const col = createColumnHelper<typeof features, PersonRow>();

const TONE: Record<PersonRow['status'], BadgeTone> = { active: 'success', disabled: 'neutral', invited: 'info' };
const STATUS_ORDER: Record<PersonRow['status'], number> = { active: 0, invited: 1, disabled: 2 };

export function StatusBadge({ person }: { person: Pick<PersonRow, 'status' | 'invitation'> }) {
  const expired = person.status === 'invited' && person.invitation?.expired;
  return (
    <Badge tone={expired ? 'warning' : TONE[person.status]} dot size="sm">
      {statusText(person)}
    </Badge>
  );
}

/** What the role and actions cells read live (a context, not the columns' closures, which the table keeps). */
interface RoleChoice {
  roles: CompanyRoleRow[];
  onChangeRole: (person: PersonRow, roleId: number) => void;
  changingRole: boolean;
}
const RoleChoiceContext = createContext<RoleChoice>({ roles: [], onChangeRole: () => undefined, changingRole: false });

function NameCell({ person: p }: { person: PersonRow }) {
  const { me } = useScreen();
  return (
    <span className={styles.person}>
      <Avatar name={p.name} src={p.photo ? storageUrl(p.photo) : null} size={32} />
      <span className={styles.personName}>{p.name}</span>
      {p.id === me && (
        <Badge size="sm" tone="accent">
          You
        </Badge>
      )}
    </span>
  );
}

function RoleCell({ person: p }: { person: PersonRow }) {
  const { me, held, manageUsers, online } = useScreen();
  const { roles, onChangeRole, changingRole } = useContext(RoleChoiceContext);
  const reason = manageUsers ? cannotActOn(me, held, p, roles) : 'Changing roles needs the Manage users permission.';
  if (reason || !p.role) return <span>{p.role?.name ?? 'No role'}</span>;
  return (
    <SelectInput
      size="sm"
      aria-label={`Role of ${p.name}`}
      value={p.role.id}
      disabled={!online || changingRole}
      aria-busy={changingRole || undefined}
      options={roles.map((r) => ({
        value: r.id,
        // No escalation: a role with a permission the acting user lacks cannot be given.
        label: lacking(held, slugsOf(r)).length ? `${r.name} (not yours to give)` : r.name,
        disabled: lacking(held, slugsOf(r)).length > 0,
      }))}
      onValueChange={(id) => onChangeRole(p, id)}
      className={styles.roleSelect}
    />
  );
}

function ActionsCell({ person }: { person: PersonRow }) {
  const { me, held, manageUsers } = useScreen();
  const { roles } = useContext(RoleChoiceContext);
  return manageUsers && !cannotActOn(me, held, person, roles) ? <PersonActions person={person} /> : null;
}

// The cells are components reading the screen's state themselves: a cell rendered from a closure the
// table kept would show the state of the render that made it (a role chooser still enabled offline).
const columns = col.columns([
  col.accessor('name', { header: 'Name', sortFn: 'alphanumeric', cell: (c) => <NameCell person={c.row.original} /> }),
  col.accessor('email', { header: 'Email', sortFn: 'alphanumeric' }),
  col.accessor((p) => p.role?.name ?? '', {
    id: 'role',
    header: 'Role',
    sortFn: 'alphanumeric',
    cell: (c) => <RoleCell person={c.row.original} />,
  }),
  col.accessor((p) => STATUS_ORDER[p.status], {
    id: 'status',
    header: 'Status',
    sortFn: 'basic',
    cell: (c) => {
      const p = c.row.original;
      const badge = <StatusBadge person={p} />;
      return p.invitation ? (
        <Tooltip content={`Link valid until ${formatDateTime(new Date(p.invitation.expires_at))}`}>
          <span tabIndex={0}>{badge}</span>
        </Tooltip>
      ) : (
        badge
      );
    },
  }),
  col.accessor((p) => (p.last_sign_in ? new Date(p.last_sign_in) : new Date(0)), {
    id: 'last_sign_in',
    header: 'Last sign-in',
    sortFn: 'datetime',
    cell: (c) => (
      <span className="tabular">
        {c.row.original.last_sign_in ? formatDateTime(new Date(c.row.original.last_sign_in)) : 'Never'}
      </span>
    ),
  }),
  col.display({
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    cell: (c) => <ActionsCell person={c.row.original} />,
  }),
]);

export function PeopleTable({
  people,
  roles,
  empty,
  onChangeRole,
  changingRole = false,
}: {
  people: PersonRow[];
  roles: CompanyRoleRow[];
  empty: React.ReactNode;
  onChangeRole: (person: PersonRow, roleId: number) => void;
  /** A role change is on its way: the role choices wait for it (and show so). */
  changingRole?: boolean;
}) {
  const choice = useMemo(() => ({ roles, onChangeRole, changingRole }), [roles, onChangeRole, changingRole]);
  const table = useTable({ features, columns, data: people, initialState: { sorting: [{ id: 'name', desc: false }] } });
  return (
    <RoleChoiceContext.Provider value={choice}>
      <DataTable table={table} caption="People of the company" empty={empty} />
    </RoleChoiceContext.Provider>
  );
}
