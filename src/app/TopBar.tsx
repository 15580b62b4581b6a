// The top bar (56 px): breadcrumbs ending in the page's name, then the company, the sync status and
// the user menu.
import { Fragment } from 'react';
import { Link, useLocation, useMatches } from 'react-router-dom';
import { ChevronRight } from 'lucide-react';
import { breadcrumbs } from './breadcrumbs.ts';
import { CompanySwitch } from './CompanySwitch.tsx';
import type { RouteHandle } from './routes.ts';
import { SyncStatus } from './SyncStatus.tsx';
import { useScreenTitle } from './title.ts';
import { UserMenu } from './UserMenu.tsx';
import styles from './Shell.module.css';

export function TopBar({ admin, onLogout }: { admin: boolean; onLogout: () => void }) {
  const { pathname } = useLocation();
  const matches = useMatches();
  const routeTitle = [...matches]
    .reverse()
    .map((m) => (m.handle as RouteHandle | undefined)?.title)
    .find(Boolean);
  const crumbs = breadcrumbs(pathname, routeTitle, useScreenTitle());
  return (
    <header className={styles.topbar}>
      <nav aria-label="Breadcrumb" className={styles.crumbs}>
        <ol>
          {crumbs.map((c, i) => (
            <Fragment key={`${c.label}-${i}`}>
              {i > 0 && (
                <li aria-hidden="true" className={styles.crumbSep}>
                  <ChevronRight />
                </li>
              )}
              <li className={styles.crumb}>
                {c.to && i < crumbs.length - 1 ? (
                  <Link to={c.to}>{c.label}</Link>
                ) : (
                  <span aria-current="page" className={styles.crumbCurrent}>
                    {c.label}
                  </span>
                )}
              </li>
            </Fragment>
          ))}
        </ol>
      </nav>
      <div className={styles.topbarRight}>
        <CompanySwitch admin={admin} />
        <SyncStatus />
        <UserMenu admin={admin} onLogout={onLogout} />
      </div>
    </header>
  );
}
