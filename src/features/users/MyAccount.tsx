// My account (document 3 §2, §5, §6): name and phone (queued through the outbox like other edits),
// the photo (png or jpeg, sent at once; the first photo error is shown), and a password reset request
// (the forgot-password call). Any signed-in user may change their own.
import { useEffect, useMemo, useState } from 'react';
import { forgotPassword } from '../../api/auth.ts';
import { toFailure } from '../../api/client.ts';
import { failureText } from '../../api/failure-text.ts';
import { storageUrl } from '../../api/storage-paths.ts';
import { uploadMyPhoto } from '../../api/users.ts';
import { useKeptForm } from '../../app/kept-form.tsx';
import { useSession } from '../../app/session.tsx';
import { leavesTab } from '../../app/unsaved-guard.ts';
import { formDraftKey } from '../../data/catalog/index.ts';
import { useUserAction, type UserAction } from '../../app/user-action.ts';
import { pullAccount, rememberAccount, saveAccount, setAccountPhoto, useAccount, useAccountQueued } from '../../data/index.ts';
import { queueAndTell } from '../../app/outcome-toast.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { FileDrop } from '../../ui/FileDrop.tsx';
import { FormGrid, Stack } from '../../ui/Layout.tsx';
import { notify } from '../../ui/notify.tsx';
import { SkeletonText } from '../../ui/Skeleton.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { logBackgroundFailure } from '../../api/background-errors.ts';
import { accountErrors } from './rules.ts';
import { acceptOf } from '../../api/contract/rules/files.ts';
import { authWords } from '../../api/contract/rules/auth.ts';
import { uploadCheck } from '../../api/upload-check.ts';

// The photo is the photo call's 'image' file: checked by the contract's upload rules when picked.
const PHOTO_ACCEPT = acceptOf('image');
const checkPhoto = uploadCheck('image');
import { useScreen } from './screen.tsx';
import styles from './users.module.css';

export function MyAccount() {
  const { user } = useSession();
  const { online, showError } = useScreen();
  const account = useAccount(user.id);
  const queued = useAccountQueued(user.id);
  // Held here: the form below is made anew when the account changes, which a save does at once.
  const saving = useUserAction();
  useEffect(() => {
    // The session's user fills the form at once; the server's answer replaces it (not a queued edit).
    void rememberAccount({ id: user.id, name: user.name, phone: user.phone, photo: user.urlImage }, undefined, true)
      .then(() => (navigator.onLine ? pullAccount() : undefined))
      .catch((err: unknown) => logBackgroundFailure('Account refresh failed', err));
  }, [user]);

  if (!account) return <SkeletonText lines={6} />;
  return (
    <div className={styles.account}>
      <Card title="Profile" description="Your name, phone and photo, as your colleagues see them.">
        <ProfileForm key={`${account.name}|${account.phone}`} account={account} queued={queued} online={online} action={saving} />
      </Card>
      <Card title="Password" description={`We send a link to ${user.email} with which you choose a new password.`}>
        <ResetRequest email={user.email} online={online} onError={showError} />
      </Card>
    </div>
  );
}

interface ProfileFormProps {
  account: NonNullable<ReturnType<typeof useAccount>>;
  queued: boolean;
  online: boolean;
  /** The save: the same name and phone saved twice (a double click, Enter twice) is one save. */
  action: UserAction;
}

function ProfileForm({ account, queued, online, action }: ProfileFormProps) {
  const { user } = useSession();
  const [name, setName] = useState(account.name);
  const [phone, setPhone] = useState(account.phone ?? '');
  const [tried, setTried] = useState(false);
  // The contract's limits as typed; a missing name once Save was pressed.
  const all = accountErrors({ name, phone });
  const errors = tried || name.trim() ? all : { ...all, name: undefined };
  const dirty = name.trim() !== account.name || phone.trim() !== (account.phone ?? '');
  // Typed and not saved: kept over a reload (issue 43), the same in every company.
  const typed = useMemo(() => ({ name, phone }), [name, phone]);
  const keeping = useKeptForm(formDraftKey(user.id, 0, 'my-account'), typed, {
    dirty,
    restore: (k) => {
      setName(k.name);
      setPhone(k.phone);
    },
    reset: () => {
      setName(account.name);
      setPhone(account.phone ?? '');
    },
    leaves: leavesTab('tab'),
  });

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!dirty) return;
    if (Object.keys(accountErrors({ name, phone })).length) return;
    keeping.saved();
    void action.run(
      async (a) => {
        // Said once known (issue 43): sent, kept on this device with why (offline, a server error), or refused.
        await queueAndTell(() => saveAccount(account, { name, phone }, a.id), 'Your name and phone were saved.');
      },
      { input: { name: name.trim(), phone: phone.trim() } },
    );
  };

  return (
    <form onSubmit={save} noValidate>
      <Stack gap={5}>
        {keeping.notice}
        <PhotoPicker id={account.id} name={account.name} photo={account.photo} online={online} />
        <FormGrid>
          <TextField
            label="Name"
            required
            value={name}
            autoComplete="name"
            error={errors.name}
            onChange={(e) => setName(e.target.value)}
          />
          <TextField
            label="Phone"
            type="tel"
            value={phone}
            autoComplete="tel"
            error={errors.phone}
            onChange={(e) => setPhone(e.target.value)}
          />
          <TextField
            label="Email"
            value={user.email}
            disabled
            hint="You sign in with this address; it cannot be changed here."
            className={styles.full}
          />
        </FormGrid>
        <Stack direction="row" gap={3} align="center" justify="flex-end">
          {queued && <span className={styles.muted}>Waiting to be sent</span>}
          <Button type="submit" variant="primary" disabled={!dirty} loading={action.running}>
            Save changes
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}

function PhotoPicker({ id, name, photo, online }: { id: number; name: string; photo: string | null; online: boolean }) {
  const [error, setError] = useState<string | null>(null);
  const action = useUserAction();
  const busy = action.running;
  // The picker has checked the file by the contract's upload rules and named a refused one.
  const pick = (accepted: File[]) => {
    const file = accepted[0];
    setError(null);
    if (!file) return;
    // The same file dropped twice is one upload; another file is a new one.
    void action.run(
      async (a) => {
        const res = await uploadMyPhoto(file, a.key());
        await setAccountPhoto(id, res.photo);
        notify.saved(res.message);
      },
      {
        input: file,
        onError: (err) => {
          // Document 3 §8: for the profile photo, the first photo error is shown.
          const f = toFailure(err);
          setError(f.errors?.photo?.[0] ?? failureText(err, 'Changing your photo'));
        },
      },
    );
  };
  return (
    <div className={styles.photoRow}>
      <Avatar name={name} src={photo ? storageUrl(photo) : null} size={56} />
      <FileDrop
        label="Photo"
        accept={PHOTO_ACCEPT}
        acceptLabel="PNG or JPEG"
        files={[]}
        error={error}
        disabled={!online || busy}
        hint={!online ? 'Changing your photo needs a connection.' : busy ? 'Uploading…' : undefined}
        check={checkPhoto}
        onPick={pick}
        className={styles.photoDrop}
      />
    </div>
  );
}

function ResetRequest({ email, online, onError }: { email: string; online: boolean; onError: (err: unknown) => void }) {
  const action = useUserAction();
  const [sent, setSent] = useState(false);
  // One link per visit of the screen: a second click (a double click) joins the request made.
  const send = () =>
    void action.run(
      async (a) => {
        await forgotPassword(email, a.key());
        notify.info(authWords.resetSent);
        setSent(true);
      },
      { onError },
    );
  return (
    <Stack direction="row" gap={3} align="center" justify="space-between" wrap>
      <span className={styles.muted}>
        {online ? 'The link works once and for a limited time.' : 'Asking for a reset link needs a connection.'}
      </span>
      <Button onClick={send} loading={action.running} disabled={!online || sent}>
        {sent ? 'Reset link sent' : 'Send reset link'}
      </Button>
    </Stack>
  );
}
