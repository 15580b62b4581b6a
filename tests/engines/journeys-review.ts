// The review page's core (issue 42) in Firefox and WebKit: an approver opens a model of the round that
// needs approval, drops a pin on one of the studio's renders (these engines may draw no WebGL headless,
// so the pin goes on a render, as a person without 3D would), and approves the version.
import { expect } from 'vitest';
import type { EnginePage } from './engine.ts';
import type { JourneyEnv } from './journey-env.ts';
import { button, pick, shows, until } from './steps.ts';

/** Batch C's model under review whose latest version has renders and no pin yet. */
async function modelToReview(env: JourneyEnv) {
  const row = await env.s.db.one<{ company: number; round: number; model: number; version: number }>(
    `SELECT r.customer_id AS company, r.id AS round, m.id AS model, v.id AS version
       FROM dashboard_rounds r
       JOIN customers c ON c.id = r.customer_id AND c.name = 'Acme Living'
       JOIN review_models m ON m.round_id = r.id
       JOIN LATERAL (SELECT * FROM review_versions WHERE model_id = m.id ORDER BY number DESC LIMIT 1) v ON true
      WHERE r.title = 'Batch C' AND jsonb_array_length(v.renders) > 0
        AND NOT EXISTS (SELECT 1 FROM review_decisions d WHERE d.version_id = v.id)
        AND NOT EXISTS (SELECT 1 FROM review_pins p WHERE p.version_id = v.id)
      ORDER BY m.position LIMIT 1`,
  );
  expect(row, 'a model of Batch C waiting for review').toBeTruthy();
  return row!;
}

/** `p`: the manager's signed-in page. */
export async function reviewJourney(env: JourneyEnv, p: EnginePage) {
  const { company, round, model, version } = await modelToReview(env);
  const comment = `Seam crooked (${env.engine.name})`;
  await p.goto(`${env.base}/review/${company}/${round}?model=${model}`);
  await pick(p, '[data-testid="decision-panel"] h2, [data-testid="decision-panel"] h3');

  await p.click(await pick(p, '[role="radio"]', 'Render 1'));
  await until(p, () => {
    const img = document.querySelector('[data-render-frame] img') as HTMLImageElement | null;
    return !!img && img.complete && img.naturalWidth > 0;
  });
  await p.click('[data-render-frame] img');
  await p.type(await pick(p, 'label', 'Pin 1: your comment'), comment);
  await p.click(await button(p, 'Save pin'));
  await until(p, () => !document.querySelector('[data-testid="pin-draft"]'));
  await pick(p, '[data-render-frame] button', `Pin 1: ${comment}`);
  await until(p, () => document.querySelectorAll('[data-testid="pending-mark"]').length === 0);
  const pin = await env.s.db.one<{ target: string; body: string }>('SELECT target, body FROM review_pins WHERE version_id = $1', [
    version,
  ]);
  expect(pin).toEqual({ target: 'render', body: comment });

  await p.click(await pick(p, '[data-testid="decision-panel"] button', 'Approve'));
  await shows(p, 'Approved', '[data-testid="decision"]');
  await until(p, () => document.querySelectorAll('[data-testid="pending-mark"]').length === 0);
  await expect
    .poll(
      async () =>
        (await env.s.db.one<{ decision: string }>('SELECT decision FROM review_decisions WHERE version_id = $1', [version]))
          ?.decision,
    )
    .toBe('approved');
  await env.shot(p, 'review');
}
