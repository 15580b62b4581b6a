// The template delete flow (document 2 §2.1, §4, §8): the confirmation in the specs' words, then
// 'Deleting...', then 'Template deleted successfully' or 'Error deleting template: {message}'. The card
// leaves the list at once; a refused delete is dropped from the outbox, which brings the card back.
import { useState } from 'react';
import { useUserAction } from '../../app/user-action.ts';
import { deleteTemplate, discardEntry, type TemplateRow } from '../../data/index.ts';
import { queuedBy, waitForOutcome } from '../../data/outbox/index.ts';
import { AlertDialog } from '../../ui/AlertDialog.tsx';
import { AlertPopup, type AlertPopupProps } from '../../ui/AlertPopup.tsx';
import { notify } from '../../ui/notify.tsx';
import { templateWords } from '../../api/contract/rules/template.ts';
import { DELETE_CONFIRM } from './template-rules.ts';

type Alert = Omit<AlertPopupProps, 'open'> | null;

export function useTemplateDelete(customerId: number) {
  const [asking, setAsking] = useState<TemplateRow | null>(null);
  const [alert, setAlert] = useState<Alert>(null);
  // Deleting a template is one user action: confirmed twice, it is queued once.
  const action = useUserAction();

  const confirm = (t: TemplateRow) =>
    void action.run(
      async (a) => {
        setAsking(null);
        setAlert({ title: 'Delete Template', progress: 'Deleting...' });
        const entries = await queuedBy(() => deleteTemplate(customerId, t.id, a.id));
        const outcome = await waitForOutcome(entries);
        if (outcome.state === 'failed') {
          for (const id of entries) await discardEntry(id);
          action.reset(); // refused and dropped: deleting it again is a new action
          return setAlert({ title: 'Error', message: outcome.message, onConfirm: () => setAlert(null) });
        }
        setAlert(null);
        if (outcome.state === 'sent') notify.saved(templateWords.deleted);
        else notify.kept(outcome.why, outcome.message);
      },
      { input: t.id },
    );

  const dialogs = (
    <>
      <AlertDialog
        open={asking !== null}
        onOpenChange={(o) => !o && setAsking(null)}
        title="Delete template"
        description={DELETE_CONFIRM}
        confirmLabel="Delete template"
        onConfirm={() => asking && confirm(asking)}
      >
        {asking && (
          <p>
            “{asking.name}”{asking.id > 0 ? ` (#${asking.id})` : ''} will be removed from the catalogue
            {asking.public ? ' of every client' : ''}.
          </p>
        )}
      </AlertDialog>
      <AlertPopup {...(alert ?? { title: '' })} open={alert !== null} />
    </>
  );
  return { ask: setAsking, dialogs };
}
