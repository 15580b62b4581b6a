import { Row, Section } from './Section.tsx';
import styles from './Catalogue.module.css';

const COLOURS = [
  'bg',
  'surface',
  'surface-sunken',
  'border',
  'border-strong',
  'text',
  'text-secondary',
  'text-tertiary',
  'accent',
  'accent-soft',
  'focus',
  'success',
  'success-soft',
  'warning',
  'warning-soft',
  'danger',
  'danger-soft',
  'info',
  'info-soft',
];
const SIZES = ['xs', 'sm', 'md', 'lg', 'xl', '2xl', '3xl'] as const;
const PX = { xs: 12, sm: 13, md: 14, lg: 16, xl: 20, '2xl': 24, '3xl': 30 };

export function TokensDemo() {
  return (
    <Section id="tokens" title="Tokens" description="Colours, type, radius and elevation, from src/ui/tokens.css.">
      <Row label="Colour" wide>
        <div className={styles.swatches}>
          {COLOURS.map((c) => (
            <span key={c} className={styles.swatch}>
              <span className={styles.chip} style={{ background: `var(--color-${c})` }} />
              --color-{c}
            </span>
          ))}
        </div>
      </Row>
      <Row label="Type" wide>
        {SIZES.map((s) => (
          <p key={s} style={{ fontSize: `var(--text-${s})`, lineHeight: `var(--leading-${s})` }}>
            {PX[s]} px · Oak Dining Chair, 1,240 products
          </p>
        ))}
      </Row>
      <Row label="Figures">
        <span className="tabular">1,111.11 cm · 2,222.22 cm · tabular figures</span>
      </Row>
      <Row label="Elevation">
        {['xs', 'sm', 'md', 'lg'].map((s) => (
          <span
            key={s}
            style={{
              width: 96,
              height: 56,
              borderRadius: 'var(--radius-lg)',
              background: 'var(--color-surface)',
              boxShadow: `var(--shadow-${s})`,
              display: 'grid',
              placeItems: 'center',
              fontSize: 12,
            }}
          >
            shadow-{s}
          </span>
        ))}
      </Row>
    </Section>
  );
}
