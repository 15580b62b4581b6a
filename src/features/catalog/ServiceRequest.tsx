// The service request (document 2 §2.2, §5, §8): the chosen templates go to the studio in one
// call; no selection -> 'You must select at least one template'; otherwise the server's message.
import { useState } from 'react';
import { Send } from 'lucide-react';
import { noTemplateError } from '../../api/contract/rules/service-request.ts';
import { failureText, needsConnection } from '../../api/failure-text.ts';
import { useUserAction } from '../../app/user-action.ts';
import { useSyncStatus } from '../../data/index.ts';
import { sendServiceRequest } from '../../data/catalog/index.ts';
import { AlertPopup } from '../../ui/AlertPopup.tsx';
import { Button } from '../../ui/Button.tsx';
import { plural } from '../../ui/format.ts';
import styles from './catalog.module.css';

const REQUESTING = 'Requesting a service';

type State = { kind: 'idle' } | { kind: 'sending' } | { kind: 'done'; title: string; message: string };

export function ServiceRequest({
  customerId,
  selected,
  onSent,
}: {
  customerId: number;
  selected: readonly number[];
  onSent: () => void;
}) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  // One request per selection: clicked twice, the same templates are asked for once.
  const action = useUserAction();
  const { online } = useSyncStatus();
  const submit = () => {
    const none = noTemplateError(selected);
    if (none) return setState({ kind: 'done', title: 'Error', message: none });
    void action.run(
      async (a) => {
        setState({ kind: 'sending' });
        const message = await sendServiceRequest(customerId, selected, a.key());
        onSent();
        setState({ kind: 'done', title: 'Success', message });
      },
      {
        input: [customerId, selected],
        onError: (err) => setState({ kind: 'done', title: 'Error', message: failureText(err, REQUESTING) }),
      },
    );
  };
  return (
    <div className={styles.request}>
      <span role="status" className={styles.selectedCount}>
        {plural(selected.length, 'template')} selected
      </span>
      {!online && (
        <span id="service-offline" className={styles.selectedCount}>
          {needsConnection(REQUESTING)}
        </span>
      )}
      <Button
        variant="primary"
        icon={<Send />}
        loading={action.running}
        disabled={!online}
        aria-describedby={online ? undefined : 'service-offline'}
        onClick={submit}
      >
        Request service
      </Button>
      <AlertPopup
        open={state.kind !== 'idle'}
        title={state.kind === 'done' ? state.title : 'Service request'}
        progress={state.kind === 'sending' ? 'Sending...' : undefined}
        message={state.kind === 'done' ? state.message : undefined}
        onConfirm={() => setState({ kind: 'idle' })}
      />
    </div>
  );
}
