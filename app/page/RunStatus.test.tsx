import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { chooseLanguage } from '../i18n/i18n';
import { RunNotice, RunStatus } from './RunStatus';
import { SHOW_PROGRESS_AFTER_MS } from '../engine/time_left';

const partial = { scalars: [], series: [], networks: [], timelines: [] };
const stop = () => undefined;

describe('<RunStatus>', () => {
  it('shows nothing for a run shorter than the threshold', () => {
    const progress = { fraction: 0.5, elapsedMs: SHOW_PROGRESS_AFTER_MS - 1, partial };
    const left = { low: 1000, high: 1000 };
    expect(
      renderToStaticMarkup(<RunStatus progress={progress} timeLeft={left} onStop={stop} />),
    ).toBe('');
    expect(renderToStaticMarkup(<RunStatus progress={null} timeLeft={null} onStop={stop} />)).toBe(
      '',
    );
  });

  it('shows the fraction, the time so far, the time left readably and a Stop button', () => {
    const html = renderToStaticMarkup(
      <RunStatus
        progress={{ fraction: 0.25, elapsedMs: 1000, partial }}
        timeLeft={{ low: 228_674_000, high: 534_899_000 }}
        onStop={stop}
      />,
    );
    expect(html).toContain('value="0.25"');
    expect(html).toContain('25 % · 1.0 s elapsed · about 3-6 days left');
    expect(html).toContain('>Stop</button>');
  });

  it('says the time left in the reader’s language', async () => {
    await chooseLanguage('ja');
    try {
      const status = (low: number, high: number) =>
        renderToStaticMarkup(
          <RunStatus
            progress={{ fraction: 0.25, elapsedMs: 1000, partial }}
            timeLeft={{ low, high }}
            onStop={stop}
          />,
        );
      expect(status(228_674_000, 534_899_000)).toContain('経過 1.0 秒 · 残り 約 3〜6 日');
      expect(status(40_000, 42_000)).toContain('残り 約 40〜42 秒');
      expect(status(3 * 3600e3, 3.2 * 3600e3)).toContain('残り 約 3 時間');
    } finally {
      await chooseLanguage('en');
    }
  });

  it('says it is estimating, not a number, while the time left is not known', () => {
    const html = renderToStaticMarkup(
      <RunStatus
        progress={{ fraction: 0, elapsedMs: 400, partial }}
        timeLeft={null}
        onStop={stop}
      />,
    );
    expect(html).toContain('0 % · 0.4 s elapsed · estimating the time left</span>');
  });
});

describe('<RunNotice>', () => {
  it('says how long a paused run would take and offers to run it', () => {
    const html = renderToStaticMarkup(
      <RunNotice
        held={{ reason: 'ask', left: { low: 2 * 3600e3, high: 5 * 3600e3 }, afterMs: 10_600 }}
        shown={false}
        onRun={stop}
      />,
    );
    expect(html).toContain(
      'This run would take about 2-5 h more, judged from its first 11 seconds, so it was paused.',
    );
    expect(html).toContain('>Run it anyway</button>');
  });

  it('says when a run was stopped and what is on show, and nothing when none is held', () => {
    const stopped = { reason: 'stopped', elapsedMs: 12_340 } as const;
    const html = renderToStaticMarkup(<RunNotice held={stopped} shown onRun={stop} />);
    expect(html).toContain('Run stopped after 12.3 s. The charts show the last complete run.');
    expect(renderToStaticMarkup(<RunNotice held={stopped} shown={false} onRun={stop} />)).toContain(
      'Run stopped after 12.3 s.</p>',
    );
    expect(renderToStaticMarkup(<RunNotice held={null} shown onRun={stop} />)).toBe('');
  });
});

describe('<RunStatus unwatched>', () => {
  const progress = { fraction: 0.5, elapsedMs: SHOW_PROGRESS_AFTER_MS + 1, partial };
  it('says why a stopped engine would go unseen and what to do, only when it would', () => {
    const reason = 'the browser refused Web Locks here';
    const html = renderToStaticMarkup(
      <RunStatus progress={progress} timeLeft={null} onStop={stop} unwatched={reason} />,
    );
    expect(html).toContain(
      'If this run never ends, reload the page: it cannot notice the browser stopping its ' +
        'engine, because the browser refused Web Locks here.',
    );
    expect(
      renderToStaticMarkup(
        <RunStatus progress={progress} timeLeft={null} onStop={stop} unwatched={null} />,
      ),
    ).not.toContain('reload');
  });
});
