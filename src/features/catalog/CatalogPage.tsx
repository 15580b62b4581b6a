// /catalog (document 2 §2.2): the left menu, the filters and a virtualised grid of products or
// scenes, all read from the local mirror (so it works offline), with the permission redirects.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useAccess } from '../../app/permissions.ts';
import { useSession } from '../../app/session.tsx';
import {
  queryWords,
  useCatalog,
  usePendingProducts,
  useProductCategories,
  useSyncStatus,
  useTemplateCategories,
  type ProductCategoryRow,
  type ProductRow,
  type TemplateCategoryRow,
  type TemplateRow,
} from '../../data/index.ts';
import { PageHeader } from '../../ui/Layout.tsx';
import { ProgressPopup, progressText } from '../../ui/ProgressPopup.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { ZoomViewer } from '../../ui/ZoomViewer.tsx';
import { CatalogCount } from './CatalogCount.tsx';
import { CatalogEmpty, GridSkeleton } from './CatalogEmpty.tsx';
import { CatalogFilterBar } from './CatalogFilterBar.tsx';
import { CatalogGrid } from './CatalogGrid.tsx';
import { CatalogMenu } from './CatalogMenu.tsx';
import { ALL_PRODUCTS, clearFilters, parseSection, resolveCatalogAccess, templateImage, toQuery } from './catalog-rules.ts';
import { ProductCard, SceneCard, SELECTED_ID } from './Cards.tsx';
import { BulkBar } from './BulkBar.tsx';
import { NO_SELECTION, allSelected, clickSelect, selectAll, without, type Selection } from './selection.ts';
import { Button } from '../../ui/Button.tsx';
import { ExportCsv } from './ExportCsv.tsx';
import { ServiceRequest } from './ServiceRequest.tsx';
import { useLoadProgress } from './useLoadProgress.ts';
import { useSlashToSearch } from './useSlashToSearch.ts';
import { useUrlFilters } from './useUrlFilters.ts';
import { useCatalogReturn } from './useCatalogReturn.ts';
import { ViewControls } from './ViewControls.tsx';
import { useLatest } from '../../ui/use-latest.ts';
import styles from './catalog.module.css';

const SLUGS = [
  'reader-info-access',
  'editor-info-access',
  'reader-template-access',
  'register-products',
  'send-products-for-automation',
] as const;
const idOf = (x: { id: number }) => x.id;
// The same empty lists while loading (the memoised menu compares them).
const NO_PRODUCT_CATEGORIES: ProductCategoryRow[] = [];
const NO_TEMPLATE_CATEGORIES: TemplateCategoryRow[] = [];
const SEARCH_ID = 'catalog-search';

export default function CatalogPage() {
  const { customerId, choices } = useSession();
  const { access, ready } = useAccess(SLUGS);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const raw = parseSection(params.get('section'));
  const can = {
    info: !!(access['reader-info-access'] || access['editor-info-access']),
    templates: !!access['reader-template-access'],
  };
  const decision = ready ? resolveCatalogAccess(can, raw) : null;
  const wantedSection = decision && 'section' in decision ? decision.section : null;
  // The section the rights allow goes into the address as it is now, and only when it differs: written
  // from this render's parameters (and again at each address change, as setParams changed with it), it
  // could replace a saved view's link clicked meanwhile with the address before it.
  useEffect(() => {
    if (!wantedSection) return;
    const now = new URLSearchParams(window.location.search);
    if (now.get('section') === wantedSection) return;
    now.set('section', wantedSection);
    navigate({ search: `?${now}` }, { replace: true });
  }, [wantedSection, navigate]);
  const sectionKey = (raw && !wantedSection ? params.get('section') : wantedSection) ?? ALL_PRODUCTS;
  const section = useMemo(() => parseSection(sectionKey) ?? { kind: 'products' as const }, [sectionKey]);

  const [filters, setFilters, patchFilters, keepTyped] = useUrlFilters();
  // Save view (in the memoised menu) reads the filters when it saves.
  const latestFilters = useLatest(filters);
  const [selected, setSelected] = useState<number[]>([]);
  const [zoom, setZoom] = useState<TemplateRow | null>(null);
  const cid = customerId ?? 0;
  // Not deferred: a keystroke's query takes a few ms, and a deferred one lands a frame or two later.
  const query = useMemo(() => toQuery(section, filters, cid, selected), [section, filters, cid, selected]);
  const result = useCatalog(query);
  const productCategories = useProductCategories();
  const templateCategories = useTemplateCategories();
  const { online, lastSyncedAt } = useSyncStatus();
  const synced = lastSyncedAt !== undefined || !online;
  const hasLocal = productCategories && templateCategories ? productCategories.length + templateCategories.length > 0 : undefined;
  const progress = useLoadProgress(
    [
      !!productCategories && (productCategories.length > 0 || synced),
      !!templateCategories && (templateCategories.length > 0 || synced),
      result.items.length > 0 || (result.ready && synced),
    ],
    hasLocal,
  );

  // Stable callbacks keep the memoised grid from re-rendering on keystrokes that change nothing.
  const toggle = useCallback((id: number) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id])), []);
  // The highlighted words: the same array while the words are the same (the cards are memoised, and
  // a space typed after a word changes nothing they show).
  const wordsKey = queryWords(filters.text)
    .map((w) => w.c)
    .join(' ');
  const words = useMemo(() => queryWords(wordsKey), [wordsKey]);
  // The product selection (issue 28): per company and section, so a new section starts with none.
  const selectionKey = `${cid}|${sectionKey}`;
  const [picked, setPicked] = useState<{ key: string; s: Selection }>({ key: selectionKey, s: NO_SELECTION });
  const selection = picked.key === selectionKey ? picked.s : NO_SELECTION;
  const canEdit = !!access['editor-info-access'] && section.kind !== 'templates';
  const products = result.items as ProductRow[];
  // The order shown, as ids: made when a click needs it, not on every keystroke (100,000 rows).
  const order = useCallback(() => (section.kind === 'templates' ? [] : products.map(idOf)), [products, section.kind]);
  const latestProducts = useLatest(products);
  const closeZoom = useCallback(() => setZoom(null), []);
  const pick = useCallback(
    (id: number, shift: boolean) =>
      setPicked((p) => ({ key: selectionKey, s: clickSelect(p.key === selectionKey ? p.s : NO_SELECTION, id, order(), shift) })),
    [order, selectionKey],
  );
  const pending = usePendingProducts();
  const back = useCatalogReturn({
    selectionKey,
    selection,
    restoreSelection: (s) => setPicked({ key: selectionKey, s }),
    items: section.kind === 'templates' ? [] : products,
    ready: result.ready,
  });
  const renderProduct = useCallback(
    (p: ProductRow, cell: number, tabIndex: 0 | -1) => (
      <ProductCard
        p={p}
        cell={cell}
        words={words}
        tabIndex={tabIndex}
        pending={pending.has(p.id)}
        selected={selection.ids.has(p.id)}
        onToggle={canEdit ? pick : undefined}
      />
    ),
    [words, pending, selection, canEdit, pick],
  );
  const renderScene = useCallback(
    (t: TemplateRow, cell: number, tabIndex: 0 | -1) => (
      <SceneCard
        t={t}
        cell={cell}
        words={words}
        tabIndex={tabIndex}
        selected={selected.includes(t.id)}
        onToggle={toggle}
        onZoom={setZoom}
      />
    ),
    [selected, toggle, words],
  );
  useSlashToSearch(SEARCH_ID);
  // ↓ in the search box enters the results at the grid's tab stop; ↑ on their first row comes back.
  const toResults = useCallback(
    () => document.querySelector<HTMLElement>('[data-testid="catalog-grid"] [tabindex="0"]')?.focus(),
    [],
  );
  const toSearch = useCallback(() => document.getElementById(SEARCH_ID)?.focus(), []);
  // A product card is a plain <a>: its plain left click (or Enter) is a router navigation, as a <Link>'s.
  const openCard = (e: React.MouseEvent) => {
    const a = (e.target as HTMLElement).closest<HTMLAnchorElement>('a[data-testid="product-card"]');
    if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    keepTyped();
    back.opened(Number(a.dataset.id));
    void navigate(a.getAttribute('href')!);
  };
  if (decision && 'redirect' in decision) return <Navigate to={decision.redirect} replace />;
  const templates = section.kind === 'templates';
  // The whole answer: the index is loaded, and an empty one is not a first sync still under way.
  const known = result.ready && (result.items.length > 0 || synced);
  const body =
    result.items.length > 0 ? (
      templates ? (
        <CatalogGrid
          items={result.items as TemplateRow[]}
          size={filters.size}
          label="Templates"
          keyOf={idOf}
          render={renderScene}
          onUpFromTop={toSearch}
        />
      ) : (
        <CatalogGrid
          items={result.items as ProductRow[]}
          size={filters.size}
          label="Products"
          render={renderProduct}
          onUpFromTop={toSearch}
          focusRequest={back.focusRequest}
        />
      )
    ) : known ? (
      <CatalogEmpty
        section={section}
        filters={filters}
        canRegister={!!access['register-products']}
        onClear={() => setFilters(clearFilters(filters))}
      />
    ) : (
      <GridSkeleton size={filters.size} />
    );
  return (
    <div className={styles.page}>
      <PageHeader
        title="Product Catalog"
        meta={
          progress.loading &&
          !progress.popupOpen && (
            <span className={styles.loadingLine} role="status">
              <Spinner size={14} /> {progressText(progress.percent)}
            </span>
          )
        }
      />
      <div className={styles.layout}>
        <CatalogMenu
          current={section}
          showProducts={can.info}
          showTemplates={can.templates}
          productCategories={productCategories ?? NO_PRODUCT_CATEGORIES}
          templateCategories={templateCategories ?? NO_TEMPLATE_CATEGORIES}
          filters={latestFilters}
        />
        <div className={styles.main} onClick={openCard}>
          <CatalogFilterBar
            kind={section.kind}
            value={filters}
            patch={patchFilters}
            searchId={SEARCH_ID}
            onArrowDown={toResults}
          />
          <div className={styles.summary}>
            <CatalogCount total={result.total} known={known} noun={templates ? 'template' : 'product'} />
            {canEdit && selection.ids.size === 0 && known && result.total > 0 && (
              <Button size="sm" variant="link" onClick={() => setPicked({ key: selectionKey, s: selectAll(order()) })}>
                Select all {result.total}
              </Button>
            )}
            <div className={styles.summaryEnd}>
              {!templates && (
                <ExportCsv
                  count={result.total}
                  products={latestProducts}
                  ready={result.ready}
                  company={choices.find((c) => c.id === customerId)?.name}
                />
              )}
              {templates && <ServiceRequest customerId={cid} selected={selected} onSent={() => setSelected([])} />}
              <ViewControls kind={section.kind} sort={filters.sort} size={filters.size} patch={patchFilters} />
            </div>
          </div>
          {canEdit && selection.ids.size > 0 && (
            <BulkBar
              customerId={cid}
              selected={[...selection.ids]}
              total={result.total}
              allShown={allSelected(selection, order())}
              rows={() => products.filter((p) => selection.ids.has(p.id))}
              canAutomate={!!access['send-products-for-automation']}
              onSelectAll={() => setPicked({ key: selectionKey, s: selectAll(order()) })}
              onClear={() => setPicked({ key: selectionKey, s: NO_SELECTION })}
              onGone={(ids) => setPicked((p) => ({ key: selectionKey, s: without(p.s, ids) }))}
            />
          )}
          <span id={SELECTED_ID} hidden>
            Selected
          </span>
          {body}
        </div>
      </div>
      <ProgressPopup open={progress.popupOpen} percent={progress.percent} />
      <ZoomViewer
        key={zoom?.id ?? 0}
        src={zoom ? templateImage(zoom) : null}
        alt={zoom?.name ?? ''}
        description={zoom ? `#${zoom.id} · ${zoom.public ? 'Public' : 'Private'}` : undefined}
        onClose={closeZoom}
      />
    </div>
  );
}
