// The narrator's pace on a fake clock: at rest once the time rests, playing at most once per
// sentence heard out, the latest moment then, and never the same words twice in a row.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { NarratorClock } from './narration';
import { Narrator, PLAYING_GAP_MS, REST_MS, hearingMs } from './narration';

const clock: NarratorClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

beforeEach(() => vi.useFakeTimers({ now: 0 }));
afterEach(() => vi.useRealTimers());

function narrator() {
  const said: { at: number; text: string }[] = [];
  const n = new Narrator((text) => said.push({ at: Date.now(), text }), clock);
  return { n, said };
}

describe('Narrator', () => {
  it('says a moment at rest once the time has rested, not each step on the way', () => {
    const { n, said } = narrator();
    for (let cycle = 1; cycle <= 10; cycle++) {
      n.offer(() => `cycle ${cycle}`, false);
      vi.advanceTimersByTime(REST_MS / 5);
    }
    expect(said).toEqual([]);
    vi.advanceTimersByTime(REST_MS);
    expect(said.map((s) => s.text)).toEqual(['cycle 10']);
  });

  it('never says the same words twice in a row', () => {
    const { n, said } = narrator();
    n.offer(() => 'two packets blocked', false);
    vi.advanceTimersByTime(REST_MS);
    n.offer(() => 'two packets blocked', false);
    vi.advanceTimersByTime(REST_MS * 4);
    expect(said.map((s) => s.text)).toEqual(['two packets blocked']);
  });

  it('writes the words only when it says them', () => {
    const { n } = narrator();
    const words = vi.fn<() => string>(() => 'w');
    for (let i = 0; i < 100; i++) n.offer(words, true);
    expect(words).toHaveBeenCalledTimes(0);
    vi.advanceTimersByTime(0);
    expect(words).toHaveBeenCalledTimes(1);
  });

  it('while playing at 60 frames a second says at most once per gap, the latest moment each time', () => {
    const { n, said } = narrator();
    // 20 s of frames, a new moment each.
    for (let frame = 0; frame < 1200; frame++) {
      n.offer(() => `frame ${frame}`, true);
      vi.advanceTimersByTime(1000 / 60);
    }
    expect(said.length).toBeGreaterThanOrEqual(4);
    expect(said.length).toBeLessThanOrEqual(1 + 20_000 / PLAYING_GAP_MS);
    for (let i = 1; i < said.length; i++) {
      expect(said[i]!.at - said[i - 1]!.at).toBeGreaterThanOrEqual(PLAYING_GAP_MS);
      // The latest frame offered when it was said: the one drawn at that time.
      const frame = Number(said[i]!.text.split(' ')[1]);
      expect(Math.abs(frame - (said[i]!.at * 60) / 1000)).toBeLessThanOrEqual(1);
    }
  });

  it('waits for a long sentence to be heard out before the next while playing', () => {
    const { n, said } = narrator();
    const long = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    expect(hearingMs(long)).toBeGreaterThan(PLAYING_GAP_MS);
    n.offer(() => long, true);
    vi.advanceTimersByTime(0);
    n.offer(() => 'short', true);
    vi.advanceTimersByTime(hearingMs(long) - 1);
    expect(said.map((s) => s.text)).toEqual([long]);
    vi.advanceTimersByTime(1);
    expect(said.map((s) => s.text)).toEqual([long, 'short']);
  });

  it('says where playing stopped once paused, and nothing after dispose', () => {
    const { n, said } = narrator();
    n.offer(() => 'frame 1', true);
    vi.advanceTimersByTime(100);
    n.offer(() => 'frame 2', true);
    n.offer(() => 'paused at 3', false);
    vi.advanceTimersByTime(REST_MS);
    expect(said.map((s) => s.text)).toEqual(['frame 1', 'paused at 3']);
    n.offer(() => 'stepped to 4', false);
    n.dispose();
    vi.advanceTimersByTime(PLAYING_GAP_MS);
    expect(said).toHaveLength(2);
  });
});

describe('hearingMs()', () => {
  const word = hearingMs('word');

  it('counts English words between spaces', () => {
    expect(hearingMs('So far 1,234 goals reduced.')).toBe(5 * word);
  });

  it('counts a Japanese sentence’s words, though it has no spaces between them', () => {
    // これまでに|還元|した|ゴール|は 12 個: seven words, where spaces would count three.
    expect(hearingMs('これまでに還元したゴールは 12 個。')).toBe(7 * word);
    const sentence = 'ルータの遅延は負荷が飽和に近づくと急に伸びる。';
    expect(hearingMs(sentence)).toBeGreaterThanOrEqual((sentence.length / 2.5) * word);
    expect(hearingMs(sentence)).toBeLessThanOrEqual(sentence.length * word);
  });
});
