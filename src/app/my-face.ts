// Who the top bar and the side menu show: the signed-in user's name and photo as this device knows them
// now (issue 43). The session's user is read once per page load, so a new photo (or name) saved on My
// Account comes from the account row (src/data), which the upload and the save write at once. A user
// fresh from the server is written there; the copy kept for offline starts follows the row.
import { useEffect } from 'react';
import { storageUrl } from '../api/storage-paths.ts';
import { rememberAccount, useAccount } from '../data/index.ts';
import { useSession } from './session.tsx';
import { patchUser, userFromServer } from './session-store.ts';

export interface MyFace {
  name: string;
  email: string;
  /** The photo's address (a stored path made a /storage URL), or null for the initials. */
  photo: string | null;
}

export function useMyFace(): MyFace {
  const { user } = useSession();
  const row = useAccount(user.id);
  useEffect(() => {
    if (userFromServer())
      void rememberAccount({ id: user.id, name: user.name, phone: user.phone, photo: user.urlImage }).catch(() => undefined);
  }, [user]);
  const name = row?.name ?? user.name;
  const photo = row ? row.photo : user.urlImage;
  useEffect(() => {
    if (row && (row.photo !== user.urlImage || row.name !== user.name)) void patchUser({ urlImage: row.photo, name: row.name });
  }, [row, user]);
  return { name, email: user.email, photo: photo ? storageUrl(photo) : null };
}
