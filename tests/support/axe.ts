// axe-core in a Playwright page, asked for its violations only. axe's other result types (passes,
// incomplete, inapplicable) name every node they looked at: on a lander that is megabytes of JSON a
// page, sent from the page through Chromium to the test process and parsed there, for results no
// test reads (docs/decisions/0041, "The suite": it was most of the browser tests' CPU). Legacy mode
// runs axe in the page itself: the default opens a new blank page (a new renderer process) for every
// analysis to merge the frames' results, which only cross-origin frames need and our pages have none;
// measured on 12 pages, a third less CPU and half the wall time per analysis.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export function axeFor(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
}

/** A serious or critical axe finding: its rule, why it matters and the nodes it names. */
export interface Finding {
  rule: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/** The serious and critical violations on the page as it is now (what the browser tests forbid). */
export async function seriousViolations(page: Page, builder: AxeBuilder = axeFor(page)): Promise<Finding[]> {
  const result = await builder.analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}
