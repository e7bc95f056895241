import { afterEach, describe, expect, it, vi } from 'vitest';

import { copyText } from './clipboard';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('copyText()', () => {
  it('writes the text to the clipboard', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>(() => Promise.resolve());
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    await copyText('a link');
    expect(writeText).toHaveBeenCalledWith('a link');
  });

  it('rejects where the page has no clipboard (plain http)', async () => {
    vi.stubGlobal('navigator', {});
    await expect(copyText('a link')).rejects.toThrow('no clipboard on this page');
  });
});
