import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import type { ParamSpec } from '../engine/types';
import { staleReason } from './use_pane_run';
import { StaleMark } from './StaleMark';

const vcs = { name: 'vcs', label: 'Virtual channels' } as ParamSpec;

describe('staleReason()', () => {
  it('names the first field in error by its label, then the engine error, else null', () => {
    expect(staleReason([vcs], { vcs: 'a torus needs at least 2 virtual channels' }, null)).toBe(
      'Virtual channels: a torus needs at least 2 virtual channels',
    );
    expect(staleReason([vcs], { other: 'Not a number' }, 'x')).toBe('other: Not a number');
    expect(staleReason([vcs], {}, 'the engine stopped')).toBe('the engine stopped');
    expect(staleReason([vcs], {}, null)).toBeNull();
  });
});

describe('<StaleMark>', () => {
  it('greys its content under a one-line reason, and keeps the same wrapper when current', () => {
    expect(renderToStaticMarkup(<StaleMark reason="vcs: too few">chart</StaleMark>)).toBe(
      '<div class="stale-mark stale"><p class="stale-note">Not updated: vcs: too few</p><div class="stale-body">chart</div></div>',
    );
    expect(renderToStaticMarkup(<StaleMark reason={null}>chart</StaleMark>)).toBe(
      '<div class="stale-mark"><div class="stale-body">chart</div></div>',
    );
  });
});
