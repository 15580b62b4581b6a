// A version's model report (read from its .glb when delivered): each figure with the studio's budget
// beside it and marked pass or warn (an icon and a word, never colour alone), then the dimensions.
// While the report job has not run: "being prepared"; when it failed: why.
import type { ReactNode } from 'react';
import { Hourglass } from 'lucide-react';
import { budgetChecks, REVIEW_BUDGET, type BudgetCheck } from '../../api/contract/rules/review.ts';
import type { ReviewModelData, ReviewVersionData } from '../../data/index.ts';
import { Callout } from '../../ui/Callout.tsx';
import { Card } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { formatBytes, plural } from '../../ui/format.ts';
import { Check } from './Check.tsx';
import { Dimensions } from './Dimensions.tsx';
import styles from './review.module.css';

type Report = NonNullable<ReviewVersionData['report']>;

const count = new Intl.NumberFormat('en');

interface RowProps {
  name: string;
  value: ReactNode;
  /** The studio's limit, under the value. */
  budget?: string;
  check?: boolean | null;
  children?: ReactNode;
}

function Row({ name, value, budget, check, children }: RowProps) {
  return (
    <tr data-figure={name}>
      <th scope="row">{name}</th>
      <td>
        <span className="tabular">{value}</span>
        {budget && <span className={styles.budget}>{budget}</span>}
        {children}
      </td>
      <td>{check !== null && check !== undefined ? <Check pass={check} /> : null}</td>
    </tr>
  );
}

function Textures({ textures }: { textures: Report['textures'] }) {
  return (
    <ul className={styles.textures}>
      {textures.map((t, i) => (
        <li key={i}>
          <span className={styles.textureName} title={t.name || t.mime}>
            {t.name || t.mime}
          </span>{' '}
          <span className="tabular">{t.width && t.height ? `${t.width} × ${t.height} px` : 'size unknown'}</span>
        </li>
      ))}
    </ul>
  );
}

function Figures({ report, version, checks }: { report: Report; version: ReviewVersionData; checks: BudgetCheck[] }) {
  const pass = (key: BudgetCheck['key']) => checks.find((c) => c.key === key)?.pass ?? null;
  const largest = Math.max(0, ...report.textures.map((t) => Math.max(t.width ?? 0, t.height ?? 0)));
  return (
    <table className={styles.figures}>
      <caption className="sr-only">Figures of version {version.number}</caption>
      <tbody>
        <Row
          name="Triangles"
          value={count.format(report.triangles)}
          budget={`up to ${count.format(REVIEW_BUDGET.triangles)}`}
          check={pass('triangles')}
        />
        <Row name="Vertices" value={count.format(report.vertices)} />
        <Row name="Meshes" value={count.format(report.meshes)} />
        <Row name="Materials" value={count.format(report.materials)} />
        {report.textures.length ? (
          <Row
            name="Textures"
            value={`${plural(report.textures.length, 'texture')}, largest ${count.format(largest)} px`}
            budget={`up to ${count.format(REVIEW_BUDGET.texturePx)} px`}
            check={pass('textures')}
          >
            <Textures textures={report.textures} />
          </Row>
        ) : (
          <Row name="Textures" value="None" />
        )}
        <Row
          name="File size"
          value={formatBytes(report.file_bytes)}
          budget={`up to ${formatBytes(REVIEW_BUDGET.glbBytes)}`}
          check={pass('file')}
        />
        <Row name="USDZ included" value={version.usdz ? 'Yes' : 'No'} />
        <Row name="glTF extensions" value={report.extensions.length ? report.extensions.join(', ') : 'None'} />
      </tbody>
    </table>
  );
}

export function ModelReport({ version, product }: { version: ReviewVersionData; product: ReviewModelData['product'] }) {
  const { report, report_error } = version;
  const checks = report ? budgetChecks(report, product) : [];
  const warned = checks.filter((c) => c.pass === false).length;
  return (
    <Card
      title="Model report"
      description={
        report ? `Version ${version.number} · ${warned ? plural(warned, 'warning') : 'no warnings'}` : `Version ${version.number}`
      }
      headingLevel={3}
      className={styles.report}
      data-testid="model-report"
    >
      {report_error ? (
        <Callout tone="danger">The report could not be made: {report_error}</Callout>
      ) : !report ? (
        <EmptyState compact icon={<Hourglass />} title="The report is being prepared." />
      ) : (
        <div className={styles.reportBody}>
          <Figures report={report} version={version} checks={checks} />
          <Dimensions size={report.size} product={product} />
        </div>
      )}
    </Card>
  );
}
