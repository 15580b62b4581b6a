// The customer menu, or the admin menu in the provider context (-1), each item gated by its slug.
import { lazy, Suspense, useState } from 'react';
import { NavLink } from 'react-router-dom';
import { PROVIDER_CONTEXT } from '../api/contract/slugs.ts';
import { CompanySwitch } from './CompanySwitch.tsx';
import { LogoutButton } from './LogoutButton.tsx';
import { ADMIN_MENU, CUSTOMER_MENU, menuSlugs, visibleItems } from './menu-items.ts';
import { useAccess } from './permissions.ts';
import { useSession } from './session.tsx';

const BugReportDialog = lazy(() => import('../features/bug-report/BugReportDialog.tsx'));

export function SideMenu() {
  const { customerId, user } = useSession();
  const admin = customerId === PROVIDER_CONTEXT;
  const items = admin ? ADMIN_MENU : CUSTOMER_MENU;
  const { access } = useAccess(menuSlugs(items));
  const [bugOpen, setBugOpen] = useState(false);
  return (
    <aside className="side-menu">
      <p className="brand">Facet</p>
      <CompanySwitch admin={admin} />
      <nav aria-label={admin ? 'Admin menu' : 'Main menu'}>
        <ul>
          {visibleItems(items, access).map((i) => (
            <li key={i.label}>
              <NavLink to={i.to} end className="menu-link">
                {i.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <ul className="menu-bottom">
        <li>
          <a className="menu-link" href="/term-of-use" target="_blank" rel="noopener noreferrer">
            Terms of Use
          </a>
        </li>
        {!admin && (
          <li>
            <NavLink to="/config/user" end className="menu-link">
              Settings
            </NavLink>
          </li>
        )}
        <li>
          <button type="button" className="menu-link" onClick={() => setBugOpen(true)}>
            Report Bug
          </button>
        </li>
        <li>
          <LogoutButton />
        </li>
      </ul>
      <p className="menu-user">{user.name}</p>
      {bugOpen && (
        <Suspense fallback={null}>
          <BugReportDialog onClose={() => setBugOpen(false)} />
        </Suspense>
      )}
    </aside>
  );
}
