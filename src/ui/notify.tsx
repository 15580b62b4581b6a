// The one way screens give feedback after a write: notify.saved() online, notify.kept() when the change
// waits on this device (in the words of why: offline, a server error being retried, or still on its
// way), notify.error(message) for a failure that needs no popup. Toasts show at the bottom right for
// about 4 s (sonner; the <Toaster /> is mounted once by the shell).
import { toast } from 'sonner';
import { CircleCheck, CloudOff, CircleAlert, Info, RefreshCw } from 'lucide-react';

export const SAVED = 'Saved';
export const SAVED_OFFLINE = 'Saved on this device. It will be sent when you are back online';
/** Online, but the server answered with an error (a 5xx): the outbox tries again, so it is not "offline". */
export const SAVED_RETRYING = 'Saved on this device. The server answered with an error; it will be tried again.';
/** Online, no error yet, still on its way when the screen stops waiting (a large upload). */
export const SAVED_SENDING = 'Saved on this device. It is still being sent.';

/** Why a change is kept on this device rather than on the server (src/data/outbox/outcome.ts). */
export type KeptWhy = 'offline' | 'retrying' | 'slow';

/** How long Undo is offered after a delete (issue 28: 10 seconds). */
export const UNDO_MS = 10_000;

const savedOffline = () => toast(SAVED_OFFLINE, { icon: <CloudOff />, className: 'toast-offline' });

export const notify = {
  /** The change reached the server. */
  saved: (description?: string) => toast.success(SAVED, { description, icon: <CircleCheck /> }),
  /** The change is kept on this device (the outbox) and goes out when the connection is back. */
  savedOffline,
  /** The change is kept on this device, said with its cause; `cause` is the server's words for a retried error. */
  kept: (why: KeptWhy, cause?: string) =>
    why === 'offline'
      ? savedOffline()
      : toast(why === 'retrying' ? SAVED_RETRYING : SAVED_SENDING, { description: cause, icon: <RefreshCw /> }),
  error: (message: string, description?: string) => toast.error(message, { description, icon: <CircleAlert /> }),
  info: (message: string, description?: string) => toast(message, { description, icon: <Info /> }),
  /** A change that can be taken back for UNDO_MS: the toast's Undo button calls `undo`. */
  undoable: (message: string, undo: () => void) =>
    toast.success(message, { duration: UNDO_MS, icon: <CircleCheck />, action: { label: 'Undo', onClick: undo } }),
};
