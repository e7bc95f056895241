// The content security policy holds while every preset opens and exports, and the embed page
// takes only its own state format from its link.
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { readdirSync } from 'node:fs';

import { collectConsole, waitIdle } from './support';

const PRESETS = readdirSync('presets')
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''));

/**
 * The heaviest presets open small: this test is about the page under its policy, not the numbers
 * (the unit suite runs every preset whole against its targets, app/presets/schema.test.ts).
 */
const SMALL: Record<string, string> = {
  'jmachine-tsp': 'nodes=1,2,4,8&breakdown_nodes=8&tsp_runs=1',
  'jmachine-programs': 'nodes=1,2,4,8&breakdown_nodes=8&tsp_runs=1',
  'jmachine-radix': 'nodes=1,2,4,8&breakdown_nodes=8',
  'jmachine-lcs': 'nodes=1,2,4,8&breakdown_nodes=8',
  'paragon-matmul': 'sizes=110,220',
  'paragon-bpram': 'processors=8,16',
};

/** Records every `securitypolicyviolation` of the page, from before its first script. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { violations: string[] }).violations);
}

test('the page carries its content security policy, as a header and in the page', async ({
  page,
}) => {
  const response = await page.goto('./');
  expect(response?.headers()['content-security-policy']).toContain(
    "script-src 'self' 'wasm-unsafe-eval'",
  );
  // The page itself carries the policy, for hosts that send no header.
  await expect(page.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveAttribute(
    'content',
    /object-src 'none'; base-uri 'none'/,
  );
  expect(PRESETS).toEqual(expect.arrayContaining(Object.keys(SMALL)));
});

// One test a preset, so a failure names its preset and the workers share them out.
for (const preset of PRESETS) {
  test(`${preset} opens and exports under the content security policy`, async ({ page }) => {
    const consoleMessages = collectConsole(page);
    const violations = await recordViolations(page);
    await page.goto(`./?preset=${preset}${SMALL[preset] ? `&${SMALL[preset]}` : ''}`);
    await waitIdle(page);
    // A run estimated past a minute on this host asks first; it is run all the same.
    const notice = page.getByRole('button', { name: 'Run it anyway' });
    if (await notice.isVisible()) {
      await notice.click();
      await waitIdle(page);
    }
    // Drawn: the engine's worker compiled its wasm and ran under the policy.
    const card = page.locator('[data-chart-card]').first();
    await expect(card.locator('svg[data-chart]')).toBeVisible();
    for (const format of ['SVG', 'PNG', 'PDF', 'CSV', 'JSON']) {
      await Promise.all([
        page.waitForEvent('download'),
        card.getByRole('button', { name: format, exact: true }).click(),
      ]);
    }
    expect(await violations()).toEqual([]);
    expect(consoleMessages).toEqual([]);
  });
}

test('the embed page reads only its own state from a link, never script or markup', async ({
  page,
}) => {
  const consoleMessages = collectConsole(page);
  const violations = await recordViolations(page);
  const dialogs: string[] = [];
  page.on('dialog', async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });
  const hostile = [
    '?chart=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&preset=multipsi-v1-comm',
    '?s=%3Cscript%3Ealert(1)%3C%2Fscript%3E&chart=perf-overhead',
    '?preset=javascript%3Aalert(1)&chart=perf-overhead',
    '?preset=multipsi-v1-comm&chart=perf-overhead&comm_rate=%3Csvg%20onload%3Dalert(1)%3E',
    '?preset=multipsi-v1-comm&chart=perf-overhead#%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E',
  ];
  for (const query of hostile) {
    await page.goto(`./embed.html${query}`);
    await waitIdle(page);
    await expect(page.locator('img[src="x"], script:not([src]), [onerror], [onload]')).toHaveCount(
      0,
    );
    // What the page says, if anything, is text: no markup from the link became an element.
    expect(await page.locator('body').innerHTML(), query).not.toMatch(/<[^>]+\son[a-z]+=/);
    const back = page.getByRole('link', { name: 'Open in archex' });
    if ((await back.count()) > 0) {
      const href = new URL((await back.getAttribute('href')) ?? '', page.url());
      expect(href.origin, query).toBe(new URL(page.url()).origin);
    }
  }
  expect(dialogs).toEqual([]);
  expect(await violations()).toEqual([]);
  // A value that is not a number is dropped from the link and said so, not a console error.
  expect(consoleMessages).toEqual([]);
});
