// Team-member profile (document 1 §2, §3, §7, §8): photo, name, function (office), contact details,
// teams, and the achievements grid with the ones this person earned marked. The route already showed
// Not found for anyone the caller may not see; a failed user call sends to the login (§8).
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { Award, CircleCheck, Lock } from 'lucide-react';
import { storageUrl } from '../../api/storage-paths.ts';
import { toFailure } from '../../api/client.ts';
import { clearToken } from '../../api/token.ts';
import { useSession } from '../../app/session.tsx';
import { refreshProfile, useProfile, useSyncStatus, type ProfileData } from '../../data/index.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { Card } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Img } from '../../ui/Img.tsx';
import { Page, PageHeader } from '../../ui/Layout.tsx';
import { LoadingLabel, Skeleton, SkeletonText } from '../../ui/Skeleton.tsx';
import { formatDateTime, plural } from '../../ui/format.ts';
import styles from './profile.module.css';

function Details({ user }: { user: ProfileData['user'] }) {
  const rows: [string, React.ReactNode][] = [
    ['Function', user.office],
    ['Email', <a href={`mailto:${user.email}`}>{user.email}</a>],
    ['Phone', user.phone],
    ['Country', user.country],
    ['Discord', user.discord],
    ['Nickname', user.nickname],
    [
      'Teams',
      user.teams.length ? (
        <span className={styles.teams}>
          {user.teams.map((t) => (
            <Badge key={t.team} tone="accent" size="sm">
              {t.team}
            </Badge>
          ))}
        </span>
      ) : null,
    ],
  ];
  return (
    <dl className={styles.details}>
      {rows.map(([label, value]) => (
        <div key={label} className={styles.detail}>
          <dt>{label}</dt>
          <dd>{value || <span className={styles.none}>Not given</span>}</dd>
        </div>
      ))}
    </dl>
  );
}

function Achievements({ data }: { data: Partial<ProfileData> }) {
  if (!data.achievements) return <Skeleton height={180} />;
  if (!data.achievements.length) return <EmptyState compact icon={<Award />} title="No achievements to earn yet." />;
  const earned = new Set(data.earned ?? []);
  return (
    <ul className={styles.achievements}>
      {data.achievements.map((a) => {
        const got = earned.has(a.id);
        return (
          <li key={a.id} className={styles.achievement} data-earned={got} data-testid="achievement">
            <Img src={storageUrl(a.image)} alt="" placeholder={{ name: a.name }} className={styles.badge} />
            <div className={styles.achievementText}>
              <p className={styles.achievementName}>{a.name}</p>
              <p className={styles.achievementDescription}>{a.description}</p>
            </div>
            {got ? (
              <Badge tone="success" size="sm" icon={<CircleCheck size={12} aria-hidden="true" />}>
                Earned
              </Badge>
            ) : (
              <Badge tone="neutral" size="sm" icon={<Lock size={12} aria-hidden="true" />}>
                Not yet
              </Badge>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export default function ProfilePage() {
  const id = Number(useParams().id);
  const { user: me } = useSession();
  const { online } = useSyncStatus();
  const snapshot = useProfile(id);
  useEffect(() => {
    if (!online) return;
    void refreshProfile(id, me.id).then((failure) => {
      if (failure === undefined || toFailure(failure).network) return;
      // §8: a failed user call goes to the login, as a failed current-user fetch does (cookie removed).
      clearToken();
      window.location.assign('/login');
    });
  }, [id, me.id, online]);

  const data = snapshot?.data ?? {};
  const user = data.user;
  const earned = data.achievements?.filter((a) => (data.earned ?? []).includes(a.id)).length ?? 0;
  return (
    <Page width="wide" className={styles.page}>
      {user ? (
        <PageHeader
          leading={<Avatar name={user.name} src={user.photo ? storageUrl(user.photo) : null} size={56} />}
          title={user.name}
          description={user.office ?? 'Team member'}
          meta={
            !online && snapshot ? (
              <Badge tone="warning" size="sm">
                Offline: as of {formatDateTime(snapshot.at)}
              </Badge>
            ) : undefined
          }
        />
      ) : (
        <div className={styles.headSkeleton} aria-hidden="true">
          <Skeleton shape="circle" width={56} height={56} />
          <SkeletonText lines={2} />
        </div>
      )}
      {snapshot === undefined && <LoadingLabel>Loading the profile…</LoadingLabel>}
      {snapshot === null && !online && (
        <EmptyState
          icon={<Award />}
          title="This profile is not on this device yet."
          description="Open it once while online to keep it for offline use."
        />
      )}
      <div className={styles.grid}>
        <Card title="Profile" className={styles.profileCard}>
          {user ? <Details user={user} /> : <SkeletonText lines={6} />}
        </Card>
        <Card
          title="Achievements"
          description={data.achievements ? `${plural(earned, 'achievement')} earned of ${data.achievements.length}` : undefined}
        >
          <Achievements data={data} />
        </Card>
      </div>
    </Page>
  );
}
