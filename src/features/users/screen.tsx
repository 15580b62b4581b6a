// What every block of the user-management screen shares: the company, who is acting and what they
// hold, whether the browser is online, a refresh of the mirrored lists, and the specs' Error popup
// (document 3 §8: title Error, 'Error: ' plus the server's message, or the network error's).
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { failureText } from '../../api/failure-text.ts';
import { AlertPopup } from '../../ui/AlertPopup.tsx';

export interface Screen {
  cid: number;
  companyName: string;
  me: number;
  /** Every slug the acting user holds in this company (have_access). */
  held: ReadonlySet<string>;
  manageUsers: boolean;
  manageRoles: boolean;
  online: boolean;
  /** The first pull of the lists has ended (well or not): an empty mirror is then really all we have. */
  pulled: boolean;
  /** Pulls the people and roles again (after a write). */
  refresh: () => Promise<void>;
  showError: (err: unknown) => void;
}

const Ctx = createContext<Screen | null>(null);

export function useScreen(): Screen {
  const s = useContext(Ctx);
  if (!s) throw new Error('useScreen is only available inside the user-management screen');
  return s;
}

export function ScreenProvider({ value, children }: { value: Omit<Screen, 'showError'>; children: ReactNode }) {
  const [error, setError] = useState<string | null>(null);
  const showError = useCallback((err: unknown) => setError(`Error: ${failureText(err, 'This change')}`), []);
  return (
    <Ctx.Provider value={{ ...value, showError }}>
      {children}
      <AlertPopup open={error !== null} title="Error" message={error ?? undefined} onConfirm={() => setError(null)} />
    </Ctx.Provider>
  );
}
