// A BookSim2 configuration opened in the explorer: the custom network with its parameters, in the
// link like any other state, and every key archex leaves out named; a file archex refuses leaves
// the page as it was.
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';

import { collectConsole, linkState, waitIdle } from './support';

/** BookSim2's examples/mesh88_lat, cut to what the test reads. */
const MESH88_LAT = `// 8X8 mesh with 20 flits per packet under injection mode
topology = mesh;
k = 8;
n = 2;
routing_function = dor;
num_vcs = 8;
vc_buf_size = 8;
wait_for_tail_credit = 1;
input_speedup = 2;
traffic = transpose;
packet_size = 20;
sim_type = latency;
injection_rate = 0.005;
`;

/** Chooses a file through the header's "Open BookSim2 file". */
async function openFile(page: Page, name: string, text: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Open BookSim2 file' }).click();
  await (await chooser).setFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
}

test('a BookSim2 file opens as the custom network, its link shared, its notes named', async ({
  page,
  context,
}, testInfo) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./');
  await waitIdle(page);
  await openFile(page, 'mesh88_lat', MESH88_LAT);
  const banner = page.getByRole('status', { name: 'BookSim2 file' });
  await expect(banner).toContainText('Opened mesh88_lat as the custom network');
  await expect(banner.locator('li', { hasText: /^input_speedup: 2 not modelled: / })).toHaveCount(
    1,
  );
  await expect(
    banner.getByText('injection_rate: 0.005 packets/node/cycle x 20 flits = 0.1 flits/node/cycle'),
  ).toBeVisible();
  await waitIdle(page);

  await expect(page.locator('[data-param-number="packet_flits"]')).toHaveValue('20');
  await expect(page.locator('[data-param-number="vcs"]')).toHaveValue('8');
  const state = linkState(page.url())!;
  expect(state.preset).toBe('custom-network');
  expect(state.params).toMatchObject({ packet_flits: 20, vcs: 8 });
  expect(state.params).toHaveProperty('pattern');
  await expect(page.locator('[data-param-number="pattern"] option:checked')).toHaveText(
    'transpose',
  );
  await page.screenshot({ path: testInfo.outputPath('booksim-1280.png') });

  // The link alone opens the same network, and says the same of the file.
  const shared = await context.newPage();
  await shared.goto(page.url());
  await waitIdle(shared);
  await expect(shared.locator('[data-param-number="packet_flits"]')).toHaveValue('20');
  const sharedBanner = shared.getByRole('status', { name: 'BookSim2 file' });
  await expect(sharedBanner.locator('li')).toHaveText(await banner.locator('li').allTextContents());
  await expect(sharedBanner).toContainText('Opened mesh88_lat as the custom network');

  // Dismissed, the notes leave the page and its link.
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toHaveCount(0);
  expect(linkState(page.url())).not.toHaveProperty('booksim');
  expect(consoleMessages).toEqual([]);
});

test('a file archex refuses is named with its key, and the page stays as it was', async ({
  page,
}, testInfo) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=custom-network');
  await waitIdle(page);
  await page.locator('[data-param-number="packet_flits"]').fill('4');
  await waitIdle(page);
  const before = page.url();

  await openFile(page, 'qtree.cfg', 'topology = qtree;\nrouting_function = nca;\n');
  const alert = page.getByRole('alert').filter({ hasText: 'Not opened' });
  await expect(alert).toContainText(
    "Not opened: qtree.cfg. BookSim topology: 'qtree' is not modelled by archex; it " +
      'supports mesh, torus, cmesh, fly, dragonflynew, fattree, flatfly, anynet. The explorer is as it was.',
  );
  await waitIdle(page);
  expect(page.url()).toBe(before);
  await expect(page.locator('[data-param-number="packet_flits"]')).toHaveValue('4');
  await page.screenshot({ path: testInfo.outputPath('booksim-refused.png') });

  // The file's own text is shown as text, never run or drawn as markup.
  await openFile(
    page,
    '<img src=x onerror=alert(1)>',
    `routing_function = dor; topology = mesh; note = <script>alert(1)</script>;`,
  );
  const banner = page.getByRole('status', { name: 'BookSim2 file' });
  await expect(banner).toContainText("note: '<script>alert(1)</script>' not modelled");
  await expect(banner.locator('script, img')).toHaveCount(0);
  expect(consoleMessages).toEqual([]);
});

test('a BookSim2 file dropped on the page opens as one chosen does', async ({ page }) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./');
  await waitIdle(page);
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.items.add(new File([text], 'dropped.cfg', { type: 'text/plain' }));
    document.body.dispatchEvent(
      new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }),
    );
  }, 'topology = mesh;\nrouting_function = dor;\npacket_size = 6;\n');
  await expect(page.getByRole('status', { name: 'BookSim2 file' })).toContainText(
    'Opened dropped.cfg as the custom network',
  );
  await waitIdle(page);
  await expect(page.locator('[data-param-number="packet_flits"]')).toHaveValue('6');
  expect(consoleMessages).toEqual([]);
});
