// The audit log (issue 13, beyond the specs): who did what to whom, newest first, 25 a page. Read
// from the server only (it is history, not something to edit offline).
import { useEffect, useMemo, useState } from 'react';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { ChevronLeft, ChevronRight, CloudOff, History } from 'lucide-react';
import { readAudit, type AuditEntryReply } from '../../api/users.ts';
import { useCompanyRoles } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { formatDateTime, plural } from '../../ui/format.ts';
import { Stack, Toolbar } from '../../ui/Layout.tsx';
import { LoadingLabel, Skeleton } from '../../ui/Skeleton.tsx';
import { DataTable } from '../../ui/Table.tsx';
import { actorName, describeAudit } from './audit-text.ts';
import { useScreen } from './screen.tsx';
import styles from './users.module.css';

const PER_PAGE = 25;
const features = tableFeatures({});
const col = createColumnHelper<typeof features, AuditEntryReply & { text: string }>();
const columns = col.columns([
  col.accessor('created_at', {
    header: 'When',
    cell: (c) => <span className="tabular">{formatDateTime(new Date(c.getValue()))}</span>,
  }),
  col.accessor((e) => actorName(e), { id: 'actor', header: 'Who' }),
  col.accessor('text', { header: 'What', cell: (c) => <span className={styles.auditText}>{c.getValue()}</span> }),
]);

interface PageOf {
  page: number;
  total: number;
  rows: AuditEntryReply[];
}

export function AuditLog() {
  const { cid, online, showError } = useScreen();
  const roles = useCompanyRoles(cid);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<PageOf | null>(null);
  useEffect(() => {
    if (!online) return;
    let live = true;
    readAudit({ id_customer: cid, page, per_page: PER_PAGE }).then(
      (r) => live && setData({ page, total: r.total, rows: r.data }),
      (err: unknown) => live && showError(err),
    );
    return () => {
      live = false;
    };
  }, [cid, page, online, showError]);

  const names = useMemo(() => {
    const m = new Map((roles?.rows[0]?.privileges ?? []).map((p) => [p.slug, p.name]));
    return (slug: string) => m.get(slug) ?? slug;
  }, [roles]);
  const rows = useMemo(() => (data?.rows ?? []).map((e) => ({ ...e, text: describeAudit(e, names) })), [data, names]);
  const table = useTable({ features, columns, data: rows });

  if (!online && !data)
    return (
      <EmptyState
        icon={<CloudOff />}
        title="The audit log needs a connection."
        description="It is read from the server when you are online."
      />
    );
  if (!data || data.page !== page) {
    return (
      <Stack gap={2}>
        <LoadingLabel>Loading the audit log…</LoadingLabel>
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} height={36} />
        ))}
      </Stack>
    );
  }
  const pages = Math.max(1, Math.ceil(data.total / PER_PAGE));
  return (
    <Stack gap={3}>
      <DataTable
        table={table}
        caption="Audit log"
        empty={<EmptyState compact icon={<History />} title="Nothing has been recorded yet." />}
      />
      <Toolbar className={styles.pager}>
        <span className={styles.count}>
          {plural(data.total, 'entry', 'entries')} · page {page} of {pages}
        </span>
        <Button size="sm" icon={<ChevronLeft />} disabled={page <= 1 || !online} onClick={() => setPage(page - 1)}>
          Newer
        </Button>
        <Button size="sm" iconEnd={<ChevronRight />} disabled={page >= pages || !online} onClick={() => setPage(page + 1)}>
          Older
        </Button>
      </Toolbar>
    </Stack>
  );
}
