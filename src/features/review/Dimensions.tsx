// The model's size against the product's stated dimensions: for height, width and depth, what the
// product says (its text and unit), what the model measures (in the product's unit), and pass
// (within the tolerance), warn, or not checked where the product gives no unit or no value.
import { checkDimensions, inUnit, REVIEW_BUDGET } from '../../api/contract/rules/review.ts';
import type { ReviewModelData } from '../../data/index.ts';
import { Check } from './Check.tsx';
import styles from './review.module.css';

const SIDE_WORDS = { height: 'Height', width: 'Width', depth: 'Depth' } as const;
const TOLERANCE = `${REVIEW_BUDGET.dimensionTolerance * 100} %`;

/** "+6 %", "−1.5 %": how far the model strays from the stated size. */
const off = (measured: number, stated: number) => {
  const pct = ((measured - stated) / stated) * 100;
  const abs = Math.abs(pct);
  if (abs < 0.05) return '0 %';
  return `${pct < 0 ? '−' : '+'}${abs >= 10 ? abs.toFixed(0) : abs.toFixed(1)} %`;
};

export function Dimensions({ size, product }: { size: [number, number, number]; product: ReviewModelData['product'] }) {
  const unit = product.measure;
  return (
    <table className={styles.figures} data-testid="dimensions">
      <caption className={styles.tableCaption}>Dimensions</caption>
      <thead>
        <tr>
          <th scope="col">
            <span className="sr-only">Side</span>
          </th>
          <th scope="col">Stated</th>
          <th scope="col">Measured</th>
          <th scope="col">
            <span className="sr-only">Check</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {checkDimensions(size, product).map((d) => {
          const text = product[d.side].trim();
          return (
            <tr key={d.side} data-side={d.side}>
              <th scope="row">{SIDE_WORDS[d.side]}</th>
              <td className="tabular">{text ? `${text} ${unit}`.trim() : <span className={styles.none}>Not given</span>}</td>
              <td className="tabular">
                {inUnit(d.measured, unit)}
                {d.stated !== undefined && <span className={styles.budget}>{off(d.measured, d.stated)}</span>}
              </td>
              <td>
                <Check pass={d.pass} />
              </td>
            </tr>
          );
        })}
      </tbody>
      <tfoot>
        <tr>
          <td colSpan={4} className={styles.hint}>
            {unit
              ? `A side passes within ${TOLERANCE} of the product's stated size.`
              : 'The product gives no unit, so its dimensions are not checked.'}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
