// Register User (document 3 §2, §5): an email, a name, a role and a company, all required. The person
// gets a mail with a link to set their password (POST user/inside); they show as Invited until then.
// What is typed is kept on this device until it is sent or discarded (issue 43: useKeptDialog).
import { useEffect, useMemo, useState } from 'react';
import { toFailure } from '../../api/client.ts';
import { failureText } from '../../api/failure-text.ts';
import { PROVIDER_CONTEXT } from '../../api/contract/slugs.ts';
import { inviteUser, listRoles, type RoleReply } from '../../api/users.ts';
import { useKeptDialog } from '../../app/kept-dialog.ts';
import { useSession } from '../../app/session.tsx';
import { useUserAction } from '../../app/user-action.ts';
import { formDraftKey } from '../../data/catalog/index.ts';
import type { CompanyRoleRow } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { FormGrid, Stack } from '../../ui/Layout.tsx';
import { notify } from '../../ui/notify.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { inviteErrors, lacking, slugsOf, type InviteErrors } from './rules.ts';
import { useScreen } from './screen.tsx';
import styles from './users.module.css';

const NONE = 0;

export function InviteDialog({ roles, onClose }: { roles: CompanyRoleRow[]; onClose: () => void }) {
  const { choices, user } = useSession();
  const { cid, held, online, refresh, showError } = useScreen();
  const companies = choices.filter((c) => c.id !== PROVIDER_CONTEXT);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [companyId, setCompanyId] = useState(cid);
  const [roleId, setRoleId] = useState(NONE);
  const [errors, setErrors] = useState<InviteErrors>({});
  // Made when the dialog opens: Send twice, or Enter twice, is one invitation.
  const action = useUserAction();
  const companyRoles = useRolesOf(companyId, cid, roles, (message) => setErrors((e) => ({ ...e, company: message })));
  const typed = useMemo(() => ({ email, name, companyId, roleId }), [email, name, companyId, roleId]);
  const keeping = useKeptDialog(formDraftKey(user.id, cid, 'invite-user'), typed, {
    dirty: !!email.trim() || !!name.trim() || roleId !== NONE || companyId !== cid,
    restore: (k) => {
      setEmail(k.email);
      setName(k.name);
      // A company no longer among the user's falls back to the current one.
      const known = companies.some((c) => c.id === k.companyId);
      setCompanyId(known ? k.companyId : cid);
      setRoleId(known ? k.roleId : NONE);
    },
    reset: () => {
      setEmail('');
      setName('');
      setCompanyId(cid);
      setRoleId(NONE);
      setErrors({});
    },
    onClose,
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const found = inviteErrors({ email, name, roleId: roleId || null, companyId: companyId || null });
    setErrors(found);
    if (Object.keys(found).length) return;
    const body = { id_customer: companyId, email: email.trim(), name: name.trim(), id_role: roleId };
    void action.run(
      async (a) => {
        const res = await inviteUser(body, a.key());
        notify.saved(res.message);
        keeping.sent();
        onClose();
        void refresh();
      },
      {
        input: body,
        onError: (err) => {
          const f = toFailure(err);
          const field = (k: string) => f.errors?.[k]?.[0];
          if (f.status === 422 && (field('email') || field('name'))) setErrors({ email: field('email'), name: field('name') });
          else showError(err);
        },
      },
    );
  };

  // Only roles within the acting user's own permissions can be given here (no escalation).
  const mine = companyId === cid;
  const roleOptions = [
    { value: NONE, label: 'Choose a role', disabled: true },
    ...companyRoles.map((r) => {
      const beyond = mine && lacking(held, slugsOf(r)).length > 0;
      return { value: r.id, label: beyond ? `${r.name} (not yours to give)` : r.name, disabled: beyond };
    }),
  ];

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && keeping.close()}
      title="Register User"
      description="They get an email with a link to set their password. The link works once, for 7 days."
      footer={
        <>
          <Button onClick={keeping.close}>Cancel</Button>
          <Button type="submit" form="register-user" variant="primary" loading={action.running} disabled={!online}>
            Send invitation
          </Button>
        </>
      }
    >
      <form id="register-user" onSubmit={submit} noValidate>
        <Stack gap={4}>
          {keeping.notice}
          <FormGrid>
            <TextField
              label="Email"
              type="email"
              required
              autoComplete="off"
              value={email}
              error={errors.email}
              maxLength={255}
              onChange={(e) => (setEmail(e.target.value), setErrors((x) => ({ ...x, email: undefined })))}
              className={styles.full}
            />
            <TextField
              label="Name"
              required
              autoComplete="off"
              value={name}
              error={errors.name}
              onChange={(e) => (setName(e.target.value), setErrors((x) => ({ ...x, name: undefined })))}
              className={styles.full}
            />
            <Select
              label="Role"
              required
              value={roleId}
              options={roleOptions}
              error={errors.role}
              onValueChange={(id) => (setRoleId(id), setErrors((x) => ({ ...x, role: undefined })))}
            />
            <Select
              label="Company"
              required
              value={companyId}
              error={errors.company}
              disabled={companies.length < 2}
              options={companies.map((c) => ({ value: c.id, label: c.name }))}
              onValueChange={(id) => {
                setCompanyId(id);
                setRoleId(NONE);
                setErrors((x) => ({ ...x, company: undefined }));
              }}
            />
          </FormGrid>
        </Stack>
      </form>
    </Dialog>
  );
}

/** The roles of the chosen company: the mirror for the current one, asked for any other. */
function useRolesOf(
  companyId: number,
  cid: number,
  mirrored: CompanyRoleRow[],
  onError: (message: string) => void,
): (CompanyRoleRow | RoleReply)[] {
  const [other, setOther] = useState<{ id: number; roles: RoleReply[] }>();
  useEffect(() => {
    if (companyId === cid) return;
    let live = true;
    listRoles(companyId).then(
      (r) => live && setOther({ id: companyId, roles: r.roles }),
      (err: unknown) =>
        live &&
        onError(
          toFailure(err).status === 403 ? 'You cannot invite people to this company.' : failureText(err, 'Reading the roles'),
        ),
    );
    return () => {
      live = false;
    };
  }, [companyId, cid]); // eslint-disable-line react-hooks/exhaustive-deps
  return companyId === cid ? mirrored : other?.id === companyId ? other.roles : [];
}
