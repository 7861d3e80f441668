import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA: what axe-core checks by these tags. */
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export type Violation = { id: string; impact: string; help: string; nodes: string[] };

type RunOnly = { type: 'tag' | 'rule'; values: string[] };

/** axe-core's serious and critical findings of `runOnly` on the page as drawn now, or in `selector`'s part. */
async function violationsOf(page: Page, runOnly: RunOnly, selector?: string): Promise<Violation[]> {
  // Evaluated rather than added as a <script>: the app's content security policy allows no inline script.
  // Once a page: a screen checked under ten palettes parses its half a megabyte once, not ten times.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(
    async ([only, part]) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const { violations } = await axe.run(part ? { include: [part] } : document, { runOnly: only });
      return violations
        .filter(({ impact }) => impact === 'serious' || impact === 'critical')
        .map(({ id, impact, help, nodes }) => ({
          id,
          impact: impact ?? '',
          help,
          nodes: nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
        }));
    },
    [runOnly, selector] as const,
  );
}

/**
 * axe-core's serious and critical findings on the page as it is drawn now, or only in the part
 * `selector` names (an alarm just shown, say).
 */
export const seriousViolations = (page: Page, selector?: string) =>
  violationsOf(page, { type: 'tag', values: WCAG_22_AA }, selector);

/** Text too faint on its background (axe-core's color-contrast rule alone), on the page as drawn now. */
export const contrastViolations = (page: Page) =>
  violationsOf(page, { type: 'rule', values: ['color-contrast'] });
