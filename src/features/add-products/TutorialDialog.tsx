// The registration tutorial (document 2 §2.6): its video in a dialog, with captions. Closing it counts
// as watched (the screen records it once).
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import styles from './add-products.module.css';

/** Captions sit beside the video under the same name (register-products.mp4 -> .vtt). */
export const captionsOf = (url: string) => url.replace(/\.[a-z0-9]+$/i, '.vtt');

export function TutorialDialog({ url, open, onClose }: { url: string; open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title="How to register products"
      description="Add each product with its images and files, then SEND. Offline, the batch waits on this device."
      size="lg"
      footer={
        <Button variant="primary" onClick={onClose} data-autofocus>
          Got it
        </Button>
      }
    >
      <video className={styles.video} src={url} controls muted playsInline preload="metadata" data-testid="tutorial-video">
        <track kind="captions" src={captionsOf(url)} srcLang="en" label="English" default />
      </video>
    </Dialog>
  );
}
