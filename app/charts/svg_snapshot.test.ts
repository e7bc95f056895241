import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

import { checkSvgSnapshot, extractSvg, normalizeSvg } from './svg_snapshot';

describe('normalizeSvg()', () => {
  it('rounds decimals to 3 places and keeps integers and attribute order', () => {
    expect(normalizeSvg('<svg><path d="M0.12345,-7.00049L10,2.5" y="-0.0001"/></svg>')).toBe(
      '<svg>\n  <path d="M0.123,-7L10,2.5" y="0"/>\n</svg>\n',
    );
  });

  it('writes empty elements self-closed, one element per line', () => {
    expect(normalizeSvg('<svg><g><line x1="0"></line><text>a</text></g></svg>')).toBe(
      '<svg>\n  <g>\n    <line x1="0"/>\n    <text>a</text>\n  </g>\n</svg>\n',
    );
  });

  it('keeps the depth after a text that holds a title and words', () => {
    expect(normalizeSvg('<svg><g><text><title>t</title>a…</text></g><g/></svg>')).toBe(
      '<svg>\n  <g>\n    <text>\n      <title>t</title>a…</text>\n  </g>\n  <g/>\n</svg>\n',
    );
  });

  it('renumbers React ids of every version in order of appearance', () => {
    const markup =
      '<svg aria-labelledby="_R_5_-title"><title id="_R_5_-title">t</title>' +
      '<clipPath id="«r1»"/><g clip-path="url(#«r1»)"/><g id=":r0:"/><g id="_R_5_"/></svg>';
    expect(normalizeSvg(markup)).toBe(
      [
        '<svg aria-labelledby="id0-title">',
        '  <title id="id0-title">t</title>',
        '  <clipPath id="id1"/>',
        '  <g clip-path="url(#id1)"/>',
        '  <g id="id2"/>',
        '  <g id="id0"/>',
        '</svg>',
        '',
      ].join('\n'),
    );
  });
});

describe('extractSvg()', () => {
  it('takes the svg element out of a wrapper', () => {
    expect(extractSvg('<div><svg><g/></svg><p>live</p></div>')).toBe('<svg><g/></svg>');
  });

  it('throws without an svg element', () => {
    expect(() => extractSvg('<div></div>')).toThrow(/no <svg>/);
  });
});

describe('checkSvgSnapshot()', () => {
  let dir = '';
  const url = () => pathToFileURL(`${dir}/`);
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('fails on a missing snapshot unless updating, then writes it', () => {
    dir = mkdtempSync(join(tmpdir(), 'svg-snapshot-'));
    expect(() => checkSvgSnapshot('a', '<svg></svg>', { dir: url(), update: false })).toThrow(
      /UPDATE_SNAPSHOTS=1/,
    );
    expect(existsSync(join(dir, 'a.svg'))).toBe(false);
    checkSvgSnapshot('a', '<svg></svg>', { dir: url(), update: true });
    expect(readFileSync(join(dir, 'a.svg'), 'utf8')).toBe('<svg/>\n');
  });

  it('writes a -changed file on mismatch and removes it once it matches again', () => {
    dir = mkdtempSync(join(tmpdir(), 'svg-snapshot-'));
    writeFileSync(join(dir, 'b.svg'), '<svg/>\n');
    expect(() => checkSvgSnapshot('b', '<svg><g/></svg>', { dir: url() })).toThrow(/differs/);
    expect(readFileSync(join(dir, 'b-changed.svg'), 'utf8')).toBe('<svg>\n  <g/>\n</svg>\n');
    checkSvgSnapshot('b', '<div><svg></svg></div>', { dir: url() });
    expect(existsSync(join(dir, 'b-changed.svg'))).toBe(false);
  });
});
