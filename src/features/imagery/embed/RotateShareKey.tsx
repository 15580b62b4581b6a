// Issue 27: an editor replaces the product's share key. Every embed already published with the old
// key then shows the 'not available' page, so the confirmation says so before anything changes.
import { useState } from 'react';
import { KeyRound } from 'lucide-react';
import { rotateShareKey } from '../../../api/embeds.ts';
import { failureText, needsConnection } from '../../../api/failure-text.ts';
import { useUserAction } from '../../../app/user-action.ts';
import { useSyncStatus } from '../../../data/index.ts';
import { AlertDialog } from '../../../ui/AlertDialog.tsx';
import { Button } from '../../../ui/Button.tsx';
import { notify } from '../../../ui/notify.tsx';

const DOING = 'Replacing the share key';

interface Props {
  productId: number;
  customerId: number;
  productName: string;
  /** The key in use: a rotation of another key is a new action. */
  current: string | undefined;
  onRotated: () => void;
}

export function RotateShareKey({ productId, customerId, productName, current, onRotated }: Props) {
  const [open, setOpen] = useState(false);
  const action = useUserAction();
  const { online } = useSyncStatus();
  const rotate = () =>
    void action.run(
      async (a) => {
        await rotateShareKey(productId, customerId, a.key());
        setOpen(false);
        onRotated();
        notify.info('New share key', 'Published embeds of this product no longer work. Copy the new codes into your pages.');
      },
      { input: current, onError: (err) => notify.error(failureText(err, DOING)) },
    );
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        icon={<KeyRound />}
        disabled={!online || !current}
        title={online ? undefined : needsConnection(DOING)}
        onClick={() => setOpen(true)}
      >
        New share key
      </Button>
      <AlertDialog
        open={open}
        onOpenChange={setOpen}
        title="Replace the share key?"
        description={`The embeds of ${productName} already published stop working: their pages show "not available" until you paste the new embed code there. This cannot be undone.`}
        confirmLabel="Replace the key"
        loading={action.running}
        onConfirm={rotate}
      />
    </>
  );
}
