// The one way screens give feedback after a write: notify.saved() online, notify.savedOffline() when the
// change waits on this device, notify.error(message) for a failure that needs no popup. Toasts show at the
// bottom right for about 4 s (sonner; the <Toaster /> is mounted once by the shell).
import { toast } from 'sonner';
import { CircleCheck, CloudOff, CircleAlert, Info } from 'lucide-react';

export const SAVED = 'Saved';
export const SAVED_OFFLINE = 'Saved on this device. It will be sent when you are back online';

/** How long Undo is offered after a delete (issue 28: 10 seconds). */
export const UNDO_MS = 10_000;

export const notify = {
  /** The change reached the server. */
  saved: (description?: string) => toast.success(SAVED, { description, icon: <CircleCheck /> }),
  /** The change is kept on this device (the outbox) and goes out when the connection is back. */
  savedOffline: () => toast(SAVED_OFFLINE, { icon: <CloudOff />, className: 'toast-offline' }),
  error: (message: string, description?: string) => toast.error(message, { description, icon: <CircleAlert /> }),
  info: (message: string, description?: string) => toast(message, { description, icon: <Info /> }),
  /** A change that can be taken back for UNDO_MS: the toast's Undo button calls `undo`. */
  undoable: (message: string, undo: () => void) =>
    toast.success(message, { duration: UNDO_MS, icon: <CircleCheck />, action: { label: 'Undo', onClick: undo } }),
};
