// The template catalogues (document 2 §2.1, §2.3; document 1 §2, §6): /catalog_template for customers
// and /admin/catalog_template for staff share this page, the catalogue's filter bar and its grid, plus
// the ambient chips. Read from the local mirror (offline, instant at 10,000 templates); the filters
// live in the URL. Without reader-template-access the user goes to the Dashboard.
import { useCallback, useMemo, useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { ImagePlus, Images, SearchX } from 'lucide-react';
import { useAccess } from '../../app/permissions.ts';
import { useSession } from '../../app/session.tsx';
import { useAmbients, useCatalog, useSyncStatus, type TemplateRow } from '../../data/index.ts';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Page, PageHeader } from '../../ui/Layout.tsx';
import { ZoomViewer } from '../../ui/ZoomViewer.tsx';
import { CatalogFilterBar } from '../catalog/CatalogFilterBar.tsx';
import { CatalogGrid } from '../catalog/CatalogGrid.tsx';
import { CatalogCount } from '../catalog/CatalogCount.tsx';
import { GridSkeleton } from '../catalog/CatalogEmpty.tsx';
import { clearFilters, isFiltered, templateImage, toQuery } from '../catalog/catalog-rules.ts';
import { useCatalogReturn } from '../catalog/useCatalogReturn.ts';
import { useUrlFilters } from '../catalog/useUrlFilters.ts';
import { ThumbSizeControl } from '../catalog/ViewControls.tsx';
import { AmbientChips } from './AmbientChips.tsx';
import { TemplateCard } from './TemplateCard.tsx';
import { canDeleteTemplate } from './template-rules.ts';
import { useTemplateDelete } from './useTemplateDelete.tsx';
import styles from './templates.module.css';

const SLUGS = ['reader-template-access', 'delete-template-access'] as const;
const TEMPLATES = { kind: 'templates' } as const;
const idOf = (t: TemplateRow) => t.id;
const SEARCH_ID = 'template-search';
/** ↓ in the search box: the grid's tab stop (as in the product catalogue, issue 43). */
const toResults = () => document.querySelector<HTMLElement>('[data-testid="catalog-grid"] [tabindex="0"]')?.focus();

export function TemplateCatalogPage({ admin }: { admin: boolean }) {
  const { customerId } = useSession();
  const { access, ready } = useAccess(SLUGS);
  const [filters, setFilters, patchFilters] = useUrlFilters();
  const cid = customerId ?? 0;
  const query = useMemo(() => toQuery(TEMPLATES, filters, cid), [filters, cid]);
  const result = useCatalog<TemplateRow>(query);
  const ambients = useAmbients();
  const { online, lastSyncedAt } = useSyncStatus();
  const [zoom, setZoom] = useState<TemplateRow | null>(null);
  const del = useTemplateDelete(cid);
  const mayDelete = !!access['delete-template-access'];
  // Back from a template opened here focuses its card again (issue 43), as the product catalogue does.
  const back = useCatalogReturn({ items: result.items, ready: result.ready });
  const { opened } = back;
  const render = useCallback(
    (t: TemplateRow, cell: number, tabIndex: 0 | -1) => (
      <TemplateCard
        t={t}
        cell={cell}
        tabIndex={tabIndex}
        admin={admin}
        canDelete={canDeleteTemplate(t, { slug: mayDelete, customerId: cid, admin })}
        onZoom={setZoom}
        onDelete={del.ask}
        onOpen={opened}
      />
    ),
    [admin, mayDelete, cid, del.ask, opened],
  );
  if (ready && !access['reader-template-access']) return <Navigate to="/dashboard" replace />;

  const waiting = result.items.length === 0 && (!result.ready || (online && lastSyncedAt === undefined));
  const filtered = isFiltered(filters);
  const clear = () => setFilters(clearFilters(filters));
  return (
    <Page className={styles.catalogPage}>
      <PageHeader
        title="Template Catalog"
        description={
          admin ? 'Every template, public and private, of every client.' : 'The public templates and those made for your company.'
        }
        actions={
          admin && (
            <Link to="/admin/template/add" className={buttonClass({ variant: 'primary' })}>
              <ImagePlus aria-hidden="true" /> Add Templates
            </Link>
          )
        }
      />
      <div className={styles.filters}>
        <CatalogFilterBar kind="templates" value={filters} patch={patchFilters} searchId={SEARCH_ID} onArrowDown={toResults} />
        <AmbientChips ambients={ambients} value={filters.ambients} onChange={(ids) => patchFilters({ ambients: ids })} />
      </div>
      <div className={styles.summary}>
        <CatalogCount total={result.total} known={result.ready && !waiting} noun="template" />
        <ThumbSizeControl size={filters.size} patch={patchFilters} />
      </div>
      {waiting ? (
        <GridSkeleton size={filters.size} />
      ) : result.items.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={<SearchX />}
            title="No template matches these filters."
            action={<Button onClick={clear}>Clear filters</Button>}
          />
        ) : (
          <EmptyState
            icon={<Images />}
            title="There are no templates yet."
            description={
              admin
                ? 'Add the first ones; customers see the public ones and their own private ones.'
                : 'Templates made for you by the studio will show here.'
            }
            action={
              admin ? (
                <Link to="/admin/template/add" className={buttonClass({ variant: 'primary' })}>
                  Add Templates
                </Link>
              ) : undefined
            }
          />
        )
      ) : (
        <CatalogGrid
          items={result.items}
          size={filters.size}
          label="Templates"
          keyOf={idOf}
          render={render}
          onUpFromTop={() => document.getElementById(SEARCH_ID)?.focus()}
          focusRequest={back.focusRequest}
        />
      )}
      <ZoomViewer
        key={zoom?.id ?? 0}
        src={zoom ? templateImage(zoom) : null}
        alt={zoom?.name ?? ''}
        onClose={() => setZoom(null)}
      />
      {del.dialogs}
    </Page>
  );
}
