// Tasks by States (document 1 §2): a comet-style ring per service (done, in progress, not started,
// drawn as rounded arcs around the share done); arrows only above 3 items.
import { ListChecks } from 'lucide-react';
import type { TaskItem } from '../../data/index.ts';
import { Card } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { HScroller } from '../../ui/HScroller.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { cx } from '../../ui/cx.ts';
import { token, useChart } from './chart.ts';
import { SCROLL_STEP, tasksNeedArrows } from './round-rules.ts';
import styles from './dashboard.module.css';

const STATES = [
  { key: 'done', label: 'Done', colour: '--color-success' },
  { key: 'in_progress', label: 'In progress', colour: '--color-info' },
  { key: 'not_started', label: 'Not started', colour: '--color-border-strong' },
] as const;

function Comet({ item }: { item: TaskItem }) {
  const total = item.done + item.in_progress + item.not_started;
  const done = total ? Math.round((item.done / total) * 100) : 0;
  const canvas = useChart(
    () => ({
      type: 'doughnut',
      data: {
        labels: STATES.map((s) => s.label),
        datasets: [
          {
            data: STATES.map((s) => item[s.key]),
            backgroundColor: STATES.map((s) => token(s.colour)),
            borderWidth: 0,
            borderRadius: 8,
            spacing: 3,
          },
        ],
      },
      options: {
        cutout: '78%',
        rotation: -120,
        circumference: 240,
        responsive: true,
        maintainAspectRatio: true,
        plugins: { tooltip: { enabled: true } },
      },
    }),
    `${item.title}:${item.done}:${item.in_progress}:${item.not_started}`,
  );
  return (
    <article className={styles.task} data-testid="task-item">
      <h3 className={styles.taskTitle}>{item.title}</h3>
      <div className={styles.comet}>
        <canvas
          ref={canvas}
          role="img"
          aria-label={`${item.title}: ${item.done} done, ${item.in_progress} in progress, ${item.not_started} not started`}
        />
        <p className={styles.cometCentre} aria-hidden="true">
          <strong className="tabular">{done}%</strong>
          <span>done</span>
        </p>
      </div>
      <dl className={styles.legend}>
        {STATES.map((s) => (
          <div key={s.key} data-state={s.key}>
            <dt>{s.label}</dt>
            <dd className="tabular">{item[s.key]}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

export function TasksByStates({ tasks }: { tasks: TaskItem[] | undefined }) {
  return (
    <Card
      title="Tasks by States"
      description="Every service's tasks: done, in progress and not started"
      className={cx(styles.block, styles.full)}
    >
      {tasks && tasks.length === 0 ? (
        <EmptyState
          compact
          icon={<ListChecks />}
          title="No tasks yet."
          description="Tasks show here once work on your products starts."
        />
      ) : (
        <HScroller label="Tasks by States" step={SCROLL_STEP} showArrows={tasksNeedArrows(tasks?.length ?? 0)}>
          {tasks
            ? tasks.map((t) => <Comet key={t.title} item={t} />)
            : Array.from({ length: 4 }, (_, i) => <Skeleton key={i} className={styles.task} height={220} />)}
        </HScroller>
      )}
    </Card>
  );
}
