// The window form marks the field in error by the engine's name of its parameter: the one typed
// wrong, or the one the engine refused (a ParamError's param), never by reading the words.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import type { ViewLink } from '../link/url_state';
import { WindowForm, windowError } from './WindowForm';

const link: ViewLink = { kind: 'packets', chart: 'latency', point: 0, from: 100, length: 50 };

/** The aria-invalid of the From and Length inputs and the point's select, in that order. */
function invalid(props: { link?: ViewLink; refused?: string }): string[] {
  const html = renderToStaticMarkup(
    <WindowForm link={link} points={['0.1', '0.2']} unit="cycles" onLink={() => {}} {...props} />,
  );
  const select = /<select[^>]*aria-invalid="(\w+)"/.exec(html)![1]!;
  const inputs = [...html.matchAll(/<input[^>]*aria-invalid="(\w+)"/g)].map((m) => m[1]!);
  return [...inputs, select];
}

describe('windowError()', () => {
  it('names the field in error by its parameter', () => {
    expect(windowError('100', '50')).toBeNull();
    expect(windowError('-1', '50')).toEqual({
      param: 'trace_from',
      message: 'From: a time from 0 is needed.',
    });
    expect(windowError('', '0')?.param).toBe('trace_from');
    expect(windowError('100', '0')).toEqual({
      param: 'trace_length',
      message: 'Length: a time above 0 is needed.',
    });
    expect(windowError('100', 'many')?.param).toBe('trace_length');
  });
});

describe('<WindowForm>', () => {
  it('marks the field the typed window gets wrong', () => {
    expect(invalid({})).toEqual(['false', 'false', 'false']);
    expect(invalid({ link: { ...link, from: -5 } })).toEqual(['true', 'false', 'false']);
    expect(invalid({ link: { ...link, length: 0 } })).toEqual(['false', 'true', 'false']);
  });

  it("marks the field the engine refused, by its ParamError's parameter", () => {
    expect(invalid({ refused: 'trace_length' })).toEqual(['false', 'true', 'false']);
    expect(invalid({ refused: 'trace_from' })).toEqual(['true', 'false', 'false']);
    expect(invalid({ refused: 'point' })).toEqual(['false', 'false', 'true']);
    expect(invalid({ refused: 'injection_rate' })).toEqual(['false', 'false', 'false']);
  });
});
