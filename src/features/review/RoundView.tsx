// One round: what is stored on the device shows at once and the round is fetched on opening and after
// this device's queued changes went out (offline, the stored round with its time; never opened, it
// needs a connection). The server's 404 (another company's round, or none) is Not found. The chosen
// model, its version, the version compared with it and the list's filter live in the address (?model=,
// ?version=, ?compare=, ?state=), so a reload or a shared link shows the same. Who may review
// (approve-services) or run the studio's controls (staff) is told to every part by context.
import { useSearchParams } from 'react-router-dom';
import { CloudOff, Layers } from 'lucide-react';
import { needsConnection } from '../../api/failure-text.ts';
import { NotFoundContent } from '../../app/NotFound.tsx';
import { useSession } from '../../app/session.tsx';
import { usePageTitle } from '../../app/title.ts';
import { useLiveRound, usePresence, useReviewRound, useSyncStatus } from '../../data/index.ts';
import { Callout } from '../../ui/Callout.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Page } from '../../ui/Layout.tsx';
import { PeopleHere } from '../../ui/PeopleHere.tsx';
import { ModelList } from './ModelList.tsx';
import { ModelView } from './ModelView.tsx';
import { ReviewContext } from './review-context.ts';
import { RoundHeader } from './RoundHeader.tsx';
import { RoundSkeleton } from './RoundSkeleton.tsx';
import { RoundStatusControl } from './RoundStatusControl.tsx';
import { pickCompare, type StageChoice } from './compare-rules.ts';
import { pickModel, pickVersion, readFilter, type Filter } from './review-rules.ts';
import { useRefresh, useReviewAccess } from './use-round.ts';
import styles from './review.module.css';

/** Sets (a number), removes (null) or keeps (undefined) a parameter of the address. */
function put(q: URLSearchParams, key: string, v: number | null | undefined) {
  if (v === null) q.delete(key);
  else if (v !== undefined) q.set(key, String(v));
}

export function RoundView({ cid, roundId }: { cid: number; roundId: number }) {
  const snapshot = useReviewRound(cid, roundId);
  const { online } = useSyncStatus();
  const refusal = useRefresh(cid, roundId, online);
  const access = useReviewAccess(cid, roundId);
  // Live (issue 44): a poke about this round reads it again in place; who else has it open.
  useLiveRound(cid, roundId);
  const others = usePresence(cid, 'review', roundId, useSession().user.id);
  const [params, setParams] = useSearchParams();
  const round = snapshot?.data.round;
  const models = snapshot?.data.models;
  usePageTitle(refusal?.kind === 'not-found' ? undefined : round?.title);

  if (refusal?.kind === 'not-found') return <NotFoundContent />;
  if (!round || !models || !snapshot) {
    if (refusal)
      return (
        <Page>
          <Callout tone="danger" role="alert">
            {refusal.text}
          </Callout>
        </Page>
      );
    if (snapshot === null && !online)
      return (
        <Page>
          <EmptyState
            icon={<CloudOff />}
            titleAs="h1"
            title="This round is not on this device yet."
            description={`${needsConnection('Opening a round the first time')} Once opened, it stays readable offline.`}
          />
        </Page>
      );
    return <RoundSkeleton label="Loading the round…" />;
  }

  const filter = readFilter(params.get('state'));
  const model = pickModel(models, params.get('model'));
  const version = model && pickVersion(model, params.get('version'));
  const compare = model && pickCompare(model, params.get('compare'), version);
  // Replace, not push: arrowing down the list is not a trail of pages for Back.
  const go = (next: StageChoice & { model?: number; state?: Filter }) =>
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        if (next.model !== undefined) {
          q.set('model', String(next.model));
          q.delete('version');
          q.delete('compare');
        }
        put(q, 'version', next.version);
        put(q, 'compare', next.compare);
        if (next.state !== undefined) q.set('state', next.state);
        if (q.get('state') === 'all') q.delete('state');
        return q;
      },
      { replace: true },
    );

  return (
    <ReviewContext.Provider value={access}>
      <Page className={styles.page}>
        <RoundHeader
          round={round}
          models={models}
          savedAt={online ? undefined : snapshot.at}
          here={<PeopleHere people={others} />}
        />
        {access.staff && <RoundStatusControl key={round.status_service} status={round.status_service} />}
        {refusal && (
          <Callout tone="danger" role="alert">
            {refusal.text}
          </Callout>
        )}
        {models.length === 0 ? (
          <EmptyState
            icon={<Layers />}
            title="This round has no models yet."
            description="The studio adds the products it models here as the round is planned."
          />
        ) : (
          <div className={styles.layout}>
            <ModelList
              models={models}
              selected={model?.id}
              filter={filter}
              onFilter={(state) => go({ state })}
              onSelect={(id) => go({ model: id })}
            />
            {model && <ModelView key={model.id} model={model} version={version} compare={compare} onShow={go} />}
          </div>
        )}
      </Page>
    </ReviewContext.Provider>
  );
}
