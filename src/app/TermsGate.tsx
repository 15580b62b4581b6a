// Document 1 §4: when the server's terms version differs from the user's, the user must accept
// (toggle on) before going on; the version is then saved.
import { useEffect, useState } from 'react';
import { acceptTerms, termsVersion } from '../api/auth.ts';
import { logBackgroundFailure } from '../api/background-errors.ts';
import { failureText } from '../api/failure-text.ts';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { FieldError } from '../ui/Field.tsx';
import { notify } from '../ui/notify.tsx';
import { Switch } from '../ui/Checkbox.tsx';
import { useSession } from './session.tsx';
import { useUserAction } from './user-action.ts';
import styles from './TermsGate.module.css';
import { patchUser } from './session-store.ts';

export function TermsGate() {
  const { user } = useSession();
  const [version, setVersion] = useState<string | null>(null);
  const [accepted, setAccepted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const action = useUserAction();
  // '0' (the column's default): this person never accepted any version, so nothing "changed" for them.
  const first = !user.version_terms_use || user.version_terms_use === '0';

  useEffect(() => {
    termsVersion()
      .then((r) => setVersion(r.version !== user.version_terms_use ? r.version : null))
      .catch((err) => logBackgroundFailure('Terms version check failed', err)); // offline: ask next time
  }, [user.version_terms_use]);

  function accept() {
    if (!version || !accepted) return;
    void action.run(
      async (a) => {
        await acceptTerms(version, a.key());
        await patchUser({ version_terms_use: version });
        setVersion(null);
        notify.saved('You accepted the terms of use.');
      },
      { input: version, onError: (err) => setError(failureText(err, 'Accepting the terms')) },
    );
  }

  return (
    <Dialog
      open={version !== null}
      title="Terms of Use"
      dismissible={false}
      footer={
        <Button variant="primary" disabled={!accepted} loading={action.running} onClick={accept}>
          Accept
        </Button>
      }
    >
      <div className={styles.body}>
        <p>
          {first ? 'Before you start, please read the' : 'Our terms of use have changed. Please read the'}{' '}
          <a href="/term-of-use" target="_blank" rel="noopener noreferrer">
            terms of use and privacy policy
          </a>{' '}
          and accept them to continue.
        </p>
        <Switch label="I accept the terms of use" checked={accepted} onCheckedChange={setAccepted} />
        {error && (
          <div role="alert">
            <FieldError>{error}</FieldError>
          </div>
        )}
      </div>
    </Dialog>
  );
}
