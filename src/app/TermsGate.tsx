// Document 1 §4: when the server's terms version differs from the user's, the user must accept
// (toggle on) before going on; the version is then saved.
import { useEffect, useId, useState } from 'react';
import { acceptTerms, termsVersion } from '../api/auth.ts';
import { logBackgroundFailure } from '../api/background-errors.ts';
import { toFailure } from '../api/client.ts';
import { Popup } from '../ui/Popup.tsx';
import { useSession } from './session.tsx';
import { patchUser } from './session-store.ts';

export function TermsGate() {
  const { user } = useSession();
  const [version, setVersion] = useState<string | null>(null);
  const [accepted, setAccepted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toggleId = useId();

  useEffect(() => {
    termsVersion()
      .then((r) => setVersion(r.version !== user.version_terms_use ? r.version : null))
      .catch((err) => logBackgroundFailure('Terms version check failed', err)); // offline: ask next time
  }, [user.version_terms_use]);

  async function accept() {
    if (!version || !accepted) return;
    setBusy(true);
    try {
      await acceptTerms(version);
      await patchUser({ version_terms_use: version });
      setVersion(null);
    } catch (err) {
      setError(toFailure(err).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Popup open={version !== null} title="Terms of Use">
      <div className="popup-body">
        <p>
          Our terms of use have changed. Please read the{' '}
          <a href="/term-of-use" target="_blank" rel="noopener noreferrer">
            terms of use and privacy policy
          </a>{' '}
          and accept them to continue.
        </p>
        <label className="toggle" htmlFor={toggleId}>
          <input id={toggleId} type="checkbox" role="switch" checked={accepted} onChange={(e) => setAccepted(e.target.checked)} />
          <span>I accept the terms of use</span>
        </label>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <footer className="popup-actions">
        <button type="button" className="button primary" disabled={!accepted || busy} onClick={() => void accept()}>
          {busy ? 'Saving...' : 'Accept'}
        </button>
      </footer>
    </Popup>
  );
}
