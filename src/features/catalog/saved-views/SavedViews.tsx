// The catalogue menu's saved views (issue 28): the user's named views of this company, a click opens
// one (its query string becomes the address), a small menu per view renames or deletes it, and Save
// view names the view on screen. Read from the local mirror: offline too, a change shown at once.
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Bookmark, BookmarkPlus, Clock, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useSession } from '../../../app/session.tsx';
import { deleteView, renameView, saveView, useSavedViews, type SavedViewItem } from '../../../data/index.ts';
import { AlertDialog } from '../../../ui/AlertDialog.tsx';
import { Button } from '../../../ui/Button.tsx';
import { cx } from '../../../ui/cx.ts';
import { DropdownMenu } from '../../../ui/DropdownMenu.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { IconButton } from '../../../ui/IconButton.tsx';
import type { FilterState } from '../catalog-rules.ts';
import { isCurrentView, viewHref, viewQuery } from './view-query.ts';
import { useViewWrite } from './useViewWrite.ts';
import { ViewNameDialog } from './ViewNameDialog.tsx';
import menu from '../catalog.module.css';
import styles from './saved-views.module.css';

type Open = { kind: 'save' } | { kind: 'rename' | 'delete'; view: SavedViewItem } | null;

export function SavedViews({ filters }: { filters: () => FilterState }) {
  const cid = useSession().customerId ?? 0;
  const views = useSavedViews(cid);
  const { search } = useLocation();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  return (
    <section className={styles.views} aria-labelledby="saved-views-title">
      <h2 id="saved-views-title" className={styles.title}>
        Saved views
      </h2>
      {views && views.length > 0 && (
        <ul aria-labelledby="saved-views-title">
          {views.map((v) => {
            const current = isCurrentView(v.query, search);
            return (
              <li key={v.id} className={styles.row}>
                <Link
                  to={viewHref(v.query)}
                  className={cx(menu.entry, styles.entry, current && menu.entryActive)}
                  aria-current={current ? 'page' : undefined}
                >
                  <Bookmark aria-hidden="true" />
                  <span className={styles.name}>{v.name}</span>
                  {v.pending && (
                    <span className={styles.pending} data-testid="view-pending" title="Not yet on the server">
                      <Clock aria-hidden="true" />
                      <span className="sr-only">(pending)</span>
                    </span>
                  )}
                </Link>
                <DropdownMenu
                  label={`Actions for view ${v.name}`}
                  trigger={
                    <IconButton
                      label={`Actions for view ${v.name}`}
                      icon={<MoreHorizontal />}
                      size="sm"
                      tooltip={false}
                      className={styles.more}
                    />
                  }
                  items={[
                    { label: 'Rename', icon: <Pencil />, onSelect: () => setOpen({ kind: 'rename', view: v }) },
                    { label: 'Delete', icon: <Trash2 />, danger: true, onSelect: () => setOpen({ kind: 'delete', view: v }) },
                  ]}
                />
              </li>
            );
          })}
        </ul>
      )}
      {views && views.length === 0 && (
        <EmptyState
          compact
          icon={<Bookmark />}
          title="No saved views yet"
          description="Save the filters and sort you use often."
          className={styles.empty}
          testId="saved-views-empty"
        />
      )}
      <Button variant="ghost" size="sm" icon={<BookmarkPlus />} onClick={() => setOpen({ kind: 'save' })} className={styles.save}>
        Save view
      </Button>
      {open?.kind === 'save' && (
        <ViewNameDialog
          views={views ?? []}
          onClose={close}
          write={(name, id) => saveView(cid, { name, query: viewQuery(filters(), search) }, id)}
        />
      )}
      {open?.kind === 'rename' && (
        <ViewNameDialog
          view={open.view}
          views={views ?? []}
          onClose={close}
          write={(name, id) => renameView(cid, open.view.id, name, id)}
        />
      )}
      {open?.kind === 'delete' && <DeleteView cid={cid} view={open.view} onClose={close} />}
    </section>
  );
}

function DeleteView({ cid, view, onClose }: { cid: number; view: SavedViewItem; onClose: () => void }) {
  const action = useViewWrite();
  const confirm = () =>
    void action.run((id) => deleteView(cid, view.id, id), view.id, `View “${view.name}” deleted`).then(onClose, onClose);
  return (
    <AlertDialog
      open
      onOpenChange={(o) => !o && onClose()}
      title="Delete view"
      description={`“${view.name}” will be removed from your saved views on every device. The products stay as they are.`}
      confirmLabel="Delete view"
      loading={action.running}
      onConfirm={confirm}
    />
  );
}
