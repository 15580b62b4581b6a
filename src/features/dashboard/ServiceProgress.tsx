// Service progress (document 1 §2, §9): one bar per collection on 0 to 100, for the service chosen.
import { useState } from 'react';
import { ChartColumn } from 'lucide-react';
import type { ServiceItem } from '../../data/index.ts';
import { Card } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { SelectInput } from '../../ui/Select.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { token, useChart } from './chart.ts';
import { percent, SERVICES, type Service } from './round-rules.ts';
import styles from './dashboard.module.css';

function Bars({ items, service }: { items: ServiceItem[]; service: Service }) {
  const label = SERVICES.find((s) => s.value === service)!.label;
  const canvas = useChart(
    () => ({
      type: 'bar',
      data: {
        labels: items.map((i) => i.title),
        datasets: [
          {
            label,
            data: items.map((i) => percent(i[service])),
            backgroundColor: token('--color-accent'),
            borderRadius: 4,
            maxBarThickness: 40,
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        scales: {
          y: {
            min: 0,
            max: 100,
            ticks: { stepSize: 25, callback: (v) => `${v}%` },
            grid: { color: token('--color-border') },
            border: { display: false },
          },
          x: { grid: { display: false } },
        },
        plugins: { tooltip: { callbacks: { label: (c) => `${label}: ${c.parsed.y}%` } } },
      },
    }),
    `${service}:${items.map((i) => `${i.title}=${i[service]}`).join(',')}`,
  );
  return (
    <div className={styles.bars}>
      <canvas
        ref={canvas}
        role="img"
        aria-label={`${label} progress: ${items.map((i) => `${i.title} ${percent(i[service])}%`).join(', ')}`}
      />
    </div>
  );
}

export function ServiceProgress({ items }: { items: ServiceItem[] | undefined }) {
  const [service, setService] = useState<Service>('modeling_and_texturing');
  return (
    <Card
      title="Service progress"
      description="Percent complete per collection"
      className={styles.block}
      actions={<SelectInput aria-label="Service" size="sm" value={service} options={SERVICES} onValueChange={setService} />}
    >
      {!items ? (
        <Skeleton height={240} />
      ) : items.length === 0 ? (
        <EmptyState compact icon={<ChartColumn />} title="No service progress yet." />
      ) : (
        <Bars items={items} service={service} />
      )}
    </Card>
  );
}
