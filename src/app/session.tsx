// The signed-in user and the chosen company, for every screen behind the auth guard.
import { createContext, useContext } from 'react';
import { companyChoices, isStaff, type Company, type SessionUser } from './rules.ts';
import { storeCustomer } from './session-store.ts';

export interface Session {
  user: SessionUser;
  /** The chosen company, -1 for the provider context, null for a user without companies. */
  customerId: number | null;
  staff: boolean;
  choices: Company[];
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({
  user,
  customerId,
  children,
}: {
  user: SessionUser;
  customerId: number | null;
  children: React.ReactNode;
}) {
  const value: Session = { user, customerId, staff: isStaff(user), choices: companyChoices(user) };
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession is only available behind the auth guard');
  return s;
}

/** §4: choosing a company stores its id and reloads (optionally at another path, as the admin menu does). */
export function chooseCompany(id: number, target?: string) {
  storeCustomer(id);
  if (target) window.location.assign(target);
  else window.location.reload();
}
