// The side menu (document 1 §2): the customer menu, or the admin menu in the provider context (-1), each
// item gated by its slug, with icons; the bottom items; the signed-in user. It collapses to icons (the
// choice is kept on this device); collapsed items show their names as tooltips. Links keep a string
// className (a NavLink class function does not survive the tooltip's Slot); the current one is
// styled by its aria-current.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import {
  Bug,
  FileText,
  Images,
  ImagePlus,
  LayoutDashboard,
  LayoutGrid,
  LogOut,
  PackagePlus,
  PanelLeftClose,
  PanelLeftOpen,
  Settings,
  Store,
  Users,
} from 'lucide-react';
import { PROVIDER_CONTEXT } from '../api/contract/slugs.ts';
import { IconButton } from '../ui/IconButton.tsx';
import { Logo } from '../ui/Logo.tsx';
import { Tooltip } from '../ui/Tooltip.tsx';
import { cx } from '../ui/cx.ts';
import { ADMIN_MENU, CUSTOMER_MENU, menuSlugs, visibleItems } from './menu-items.ts';
import { useAccess } from './permissions.ts';
import { useSession } from './session.tsx';
import { UserBlock } from './UserBlock.tsx';
import styles from './Shell.module.css';

const BugReportDialog = lazy(() => import('../features/bug-report/BugReportDialog.tsx'));

const ICONS: Record<string, ReactNode> = {
  '/dashboard': <LayoutDashboard />,
  '/product/add': <PackagePlus />,
  '/catalog': <LayoutGrid />,
  '/catalog_template': <Images />,
  '/config/user': <Users />,
  '/admin': <Store />,
  '/admin/template/add': <ImagePlus />,
  '/admin/catalog_template': <Images />,
};

export function SideMenu({ collapsed, onToggle, onLogout }: { collapsed: boolean; onToggle: () => void; onLogout: () => void }) {
  const { customerId } = useSession();
  const admin = customerId === PROVIDER_CONTEXT;
  const items = admin ? ADMIN_MENU : CUSTOMER_MENU;
  const { access } = useAccess(menuSlugs(items));
  const [bugOpen, setBugOpen] = useState(false);
  const tip = (label: string, el: React.ReactElement) => (
    <Tooltip content={label} side="right" enabled={collapsed}>
      {el}
    </Tooltip>
  );
  const label = (text: string) => <span className={collapsed ? 'sr-only' : styles.itemLabel}>{text}</span>;
  return (
    <aside className={cx(styles.sidebar, collapsed && styles.collapsed)}>
      <div className={styles.brandRow}>
        <Link to="/dashboard" className={styles.brand} aria-label="Facet, home">
          <Logo size={26} hideWord={collapsed} />
        </Link>
        <IconButton
          label={collapsed ? 'Expand menu' : 'Collapse menu'}
          icon={collapsed ? <PanelLeftOpen /> : <PanelLeftClose />}
          size="sm"
          className={styles.collapse}
          onClick={onToggle}
        />
      </div>
      <nav aria-label={admin ? 'Admin menu' : 'Main menu'} className={styles.nav}>
        <ul className={styles.items}>
          {visibleItems(items, access).map((i) => (
            <li key={i.label}>
              {tip(
                i.label,
                <NavLink to={i.to} end className={styles.item}>
                  {ICONS[i.to]}
                  {label(i.label)}
                </NavLink>,
              )}
            </li>
          ))}
        </ul>
      </nav>
      <ul className={cx(styles.items, styles.bottom)}>
        <li>
          {tip(
            'Terms of Use',
            <a className={styles.item} href="/term-of-use" target="_blank" rel="noopener noreferrer">
              <FileText />
              {label('Terms of Use')}
            </a>,
          )}
        </li>
        {!admin && (
          <li>
            {tip(
              'Settings',
              <NavLink to="/config/user" end className={styles.item}>
                <Settings />
                {label('Settings')}
              </NavLink>,
            )}
          </li>
        )}
        <li>
          {tip(
            'Report Bug',
            <button type="button" className={styles.item} onClick={() => setBugOpen(true)}>
              <Bug />
              {label('Report Bug')}
            </button>,
          )}
        </li>
        <li>
          {tip(
            'Logout',
            <button type="button" className={styles.item} onClick={onLogout}>
              <LogOut />
              {label('Logout')}
            </button>,
          )}
        </li>
      </ul>
      <UserBlock collapsed={collapsed} />
      {bugOpen && (
        <Suspense fallback={null}>
          <BugReportDialog onClose={() => setBugOpen(false)} />
        </Suspense>
      )}
    </aside>
  );
}
