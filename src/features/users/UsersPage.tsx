// /config/user (document 3 §2 "User management screen", the menu's User Management and Settings):
// My account for everyone; Manage Accounts and the audit log with manage-users or manage-roles;
// Roles and Permissions with manage-roles (§6). The tab is kept in ?tab=.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { History, KeyRound, UserRound, Users } from 'lucide-react';
import { logBackgroundFailure } from '../../api/background-errors.ts';
import { SLUGS } from '../../api/contract/slugs.ts';
import { useAccess } from '../../app/permissions.ts';
import { useSession } from '../../app/session.tsx';
import { pullPeople, useLivePeople, useSyncStatus } from '../../data/index.ts';
import { Page, PageHeader } from '../../ui/Layout.tsx';
import { LoadingLabel, SkeletonText } from '../../ui/Skeleton.tsx';
import { Tabs, type TabItem } from '../../ui/Tabs.tsx';
import { AuditLog } from './AuditLog.tsx';
import { ManageAccounts } from './ManageAccounts.tsx';
import { MyAccount } from './MyAccount.tsx';
import { OfflineNotice } from './OfflineNotice.tsx';
import { RolesPanel } from './RolesPanel.tsx';
import { ScreenProvider } from './screen.tsx';

type Tab = 'account' | 'accounts' | 'roles' | 'audit';

export default function UsersPage() {
  const { user, customerId, choices } = useSession();
  const { access, ready } = useAccess(SLUGS);
  const { online } = useSyncStatus();
  const [params, setParams] = useSearchParams();
  const manageUsers = access['manage-users'] === true;
  const manageRoles = access['manage-roles'] === true;
  const lists = manageUsers || manageRoles;
  const cid = customerId ?? 0;

  const [pulled, setPulled] = useState(false);
  const refresh = useCallback(async () => {
    if (!lists || customerId === null) return;
    // Document 3 §8: failed list loads are only logged; the mirror keeps the last known lists.
    await Promise.all(
      (['people', 'roles'] as const).map((k) =>
        pullPeople(customerId, k).catch((err: unknown) => logBackgroundFailure(`Pull of ${k} failed`, err)),
      ),
    );
  }, [lists, customerId]);
  useEffect(() => {
    if (!online) return;
    let live = true;
    void refresh().then(() => live && setPulled(true));
    return () => {
      live = false;
    };
  }, [online, refresh]);

  // Live (issue 44): a poke about users or roles pulls them again in place.
  useLivePeople(customerId, lists);

  const held = useMemo(() => new Set(SLUGS.filter((s) => access[s] === true)), [access]);
  const tabs: TabItem<Tab>[] = [
    { value: 'account', label: 'My account', icon: <UserRound aria-hidden="true" /> },
    ...(lists ? [{ value: 'accounts' as const, label: 'Manage Accounts', icon: <Users aria-hidden="true" /> }] : []),
    ...(manageRoles ? [{ value: 'roles' as const, label: 'Roles and Permissions', icon: <KeyRound aria-hidden="true" /> }] : []),
    ...(lists ? [{ value: 'audit' as const, label: 'Audit log', icon: <History aria-hidden="true" /> }] : []),
  ];
  const asked = params.get('tab') as Tab | null;
  // Managers come here to manage: their first tab is the people; everyone else's is their account.
  const tab: Tab = tabs.some((t) => t.value === asked) ? asked! : lists ? 'accounts' : 'account';
  const companyName = choices.find((c) => c.id === customerId)?.name ?? '';

  return (
    // data-pulled: this visit's pull of the people and roles has ended (rows and roles are not replaced under a click).
    <Page data-pulled={pulled || !online}>
      <PageHeader
        title="Settings"
        description={
          lists ? `Your account, and the people and roles of ${companyName}.` : 'Your name, phone, photo and password.'
        }
      />
      {!online && <OfflineNotice />}
      {!ready ? (
        <>
          <LoadingLabel />
          <SkeletonText lines={4} />
        </>
      ) : (
        <ScreenProvider
          value={{ cid, companyName, me: user.id, held, manageUsers, manageRoles, online, pulled: pulled || !online, refresh }}
        >
          {tabs.length === 1 ? (
            <MyAccount />
          ) : (
            <Tabs
              label="Settings sections"
              value={tab}
              onValueChange={(v) => setParams({ tab: v }, { replace: true })}
              tabs={tabs}
            >
              {(active) =>
                active === 'account' ? (
                  <MyAccount />
                ) : active === 'accounts' ? (
                  <ManageAccounts />
                ) : active === 'roles' ? (
                  <RolesPanel />
                ) : (
                  <AuditLog />
                )
              }
            </Tabs>
          )}
        </ScreenProvider>
      )}
    </Page>
  );
}
