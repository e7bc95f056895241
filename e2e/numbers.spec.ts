import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';

import { collectConsole, waitIdle } from './support';

test('a deadlocked load says so in its readouts and its histogram, not "0 cycles, +/- 0"', async ({
  page,
}, testInfo) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=network-deadlock');
  await waitIdle(page);
  const latency = page.locator('dd[data-readout="latency_mean_cycles"]');
  await expect(latency).toHaveText(
    /^none: deadlocked at cycle \d+the packets caught in the knot are never delivered, so this load has no latency$/,
  );
  const accepted = page.locator('dd[data-readout="accepted_flits_per_node_cycle"]');
  await expect(accepted).toContainText(
    /deadlocked at cycle \d+: [\d.]+\s%\sof the packets created before it were delivered, none after/,
  );
  await expect(page.locator('dl.readouts')).not.toContainText('+/-');
  await expect(page.locator('dl.readouts')).not.toContainText('100');
  const histogram = page.locator('svg[data-chart="histogram"]');
  await expect(histogram.locator('.chart-note')).toContainText(
    /No latency to draw: the network deadlocked at cycle \d+ and delivers nothing from then on/,
  );
  await page
    .locator('[data-chart-card="histogram"]')
    .screenshot({ path: testInfo.outputPath('deadlocked-histogram.png') });
  expect(consoleMessages).toEqual([]);
});

test('"Link copied" goes once the address changes, and after a few seconds', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('./?preset=multipsi-v1-comm');
  await waitIdle(page);
  const header = page.getByRole('navigation', { name: 'Explorer' });
  const said = header.locator('.copied');
  await header.getByRole('button', { name: 'Copy link' }).click();
  await expect(said).toHaveText('Link copied');
  // The address is no longer the one copied.
  await page.locator('[data-param-number="seed"]').fill('7');
  await expect(said).toHaveCount(0);
  await header.getByRole('button', { name: 'Copy link' }).click();
  await expect(said).toHaveText('Link copied');
  await expect(said).toHaveCount(0, { timeout: 15_000 });
});

test("a tour's step draws no pin of another experiment, and keeps its own", async ({ page }) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=custom-network');
  await waitIdle(page);
  await page.getByRole('button', { name: 'Pin this run' }).click();
  await waitIdle(page);
  await page.getByRole('link', { name: 'All machines' }).click();
  await waitIdle(page);
  // The card's corner: its middle may be one of the papers' words, which opens a definition.
  await page.locator('[data-tour="deadlock"]').click({ position: { x: 8, y: 8 } });
  await waitIdle(page);
  await expect(page.locator('.tour-panel')).toContainText('Step 1 of 4');
  // The step's charts are drawn once its question is revealed.
  await page.locator('.tour-panel').getByLabel('Your prediction').fill('0.3');
  await page.locator('.tour-panel').getByRole('button', { name: 'Reveal' }).click();
  const pins = page.getByRole('group', { name: 'Pinned runs' });
  await expect(pins.getByRole('button', { name: /^Remove pin/ })).toHaveCount(0);
  const latency = page.locator('svg[data-chart="latency-load"]');
  await expect(latency.locator('[data-curve]').first()).toBeVisible();
  await expect(latency.locator('[data-curve^="pin"]')).toHaveCount(0);
  // A pin of the step's own experiment stays on the next step of that experiment.
  await page.getByRole('button', { name: 'Pin this run' }).click();
  await page.locator('.tour-panel').getByRole('button', { name: 'Next' }).click();
  await waitIdle(page);
  await expect(page.locator('.tour-panel')).toContainText('Step 2 of 4');
  await expect(pins.getByRole('button', { name: /^Remove pin/ })).toHaveCount(1);
  expect(consoleMessages).toEqual([]);
});

test('side by side says a custom network changed from its defaults, not from a paper', async ({
  page,
}) => {
  await page.goto('./?preset=custom-network');
  await waitIdle(page);
  await page.getByRole('button', { name: 'Side by side' }).click();
  await waitIdle(page);
  const right = page.locator('main[data-pane="right"]');
  await right.locator('.side-params summary').click();
  await right.locator('[data-param-number="packet_flits"]').fill('16');
  await waitIdle(page);
  await expect(right.locator('.side-params summary')).toHaveText(
    "Parameters (1 changed from the preset's defaults)",
  );
  await expect(page.locator('.side-params summary').first()).toHaveText('Parameters');
});

/** The all-machines page, as its link opens it (microseconds: `us` names the unit in the link). */
const machinesLink = `./?s=j${encodeURIComponent(
  JSON.stringify({ v: 5, layout: { kind: 'machines', unit: 'us', params: {} } }),
)}`;

async function waitMachines(page: Page) {
  await expect(page.locator('main.machines-page')).toHaveAttribute('data-busy', 'false', {
    timeout: 60_000,
  });
}

/** Every word the page shows a person: its text, its charts' words and alternatives, labels. */
async function shownText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.body.innerText];
    for (const el of document.querySelectorAll('svg text, svg desc, svg title'))
      parts.push(el.textContent ?? '');
    for (const el of document.querySelectorAll('[aria-label], [aria-valuetext], [title]')) {
      for (const name of ['aria-label', 'aria-valuetext', 'title'])
        parts.push(el.getAttribute(name) ?? '');
    }
    return parts.join('\n');
  });
}

/** "146 us", "{x} us", "us/byte", "(us)": microseconds written as the identifier, not as µs. */
const ASCII_MICROSECONDS = /(?:[\d}]\s?us\b|\bus\/\w|\(us\))/;

test('microseconds read µs wherever a person reads them: readouts, fields, charts, tables', async ({
  page,
}) => {
  const consoleMessages = collectConsole(page);
  for (const preset of ['paragon-pingpong', 'jmachine-barrier', 'transputer-logp', 'paragon-bsp']) {
    await page.goto(`./?preset=${preset}`);
    await waitIdle(page);
    const text = await shownText(page);
    expect(text, preset).toContain('µs');
    expect(text.match(ASCII_MICROSECONDS), preset).toBeNull();
  }
  await page.goto(machinesLink);
  await waitMachines(page);
  const text = await shownText(page);
  expect(text).toContain('G: µs/byte');
  expect(text.match(ASCII_MICROSECONDS)).toBeNull();
  expect(consoleMessages).toEqual([]);
});

test('the all-machines page shows no negative latency, and says why the T805 p4 L is 0', async ({
  page,
}, testInfo) => {
  const consoleMessages = collectConsole(page);
  await page.goto(machinesLink);
  await waitMachines(page);
  const cells = await page.locator('table.machines-table tbody td').allTextContents();
  expect(cells.filter((c) => /^-\d/.test(c.trim()))).toEqual([]);
  // The T805's p4 L is held at 0 in both units, marked, and the note under the table says why.
  const p4 = page.locator('tr[data-row="t805_p4"] td.held');
  await expect(p4).toHaveCount(2);
  await expect(p4.first()).toHaveText('0†');
  const note = page.locator('.logp-overlap');
  await expect(note).toContainText(
    /T805 p4: o send \+ o receive exceed the one-way time of a 1-byte message by [\d.]+\sµs/,
  );
  await expect(note).toContainText('not a latency');
  await page
    .locator('section.machines-fits')
    .screenshot({ path: testInfo.outputPath('machines-fits.png') });
  expect(consoleMessages).toEqual([]);
});

test("the Multi-PSI's what-if bar says why it equals the measured one, until a speed-up moves", async ({
  page,
}, testInfo) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=multipsi-v1-comm');
  await waitIdle(page);
  const chart = page.locator('svg[data-chart="cost-breakdown"]');
  await expect(chart.locator('.chart-note')).toContainText('What-if = measured');
  await page
    .locator('[data-chart-card="cost-breakdown"]')
    .screenshot({ path: testInfo.outputPath('what-if-as-measured.png') });
  await page.locator('[data-param-number="firmware_speedup"]').fill('2');
  await waitIdle(page);
  await expect(chart.locator('.chart-note')).toHaveCount(0);
  // The V2 estimate's speed-ups differ: its bars differ, and nothing needs saying.
  await page.goto('./?preset=multipsi-v2-estimate');
  await waitIdle(page);
  await expect(page.locator('svg[data-chart="cost-breakdown"] .chart-note')).toHaveCount(0);
  expect(consoleMessages).toEqual([]);
});
