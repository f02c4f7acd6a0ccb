// axe-core in the page under test, the one way every browser file runs it (tests/e2e/README.md, "Pace").
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Runs axe-core on the page as it is now and returns its violations (every rule, or only `rules`).
 *
 * Legacy mode runs `axe.run` inside the page itself. The default mode instead runs each frame's part and then opens
 * an extra blank page to merge them, which exists for cross-origin iframes; our pages have none, and that extra page
 * (a new renderer, axe injected twice) made each check cost 3 to 6 times as much CPU, measured on the demo pages.
 * `resultTypes: ['violations']` keeps every violation with all its nodes and only trims the detail of the passes,
 * which no test reads.
 */
export async function axeViolations(page: Page, rules?: string[]) {
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  if (rules) builder.withRules(rules);
  return (await builder.analyze()).violations;
}

/** No serious or critical violation on the page as it is now; `label` names the screen in the failure. */
export async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  const bad = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}
