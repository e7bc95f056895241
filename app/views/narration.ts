// A view's moment in words, said to a screen reader at a pace a listener can follow, not at the
// player's: at rest (paused, stepped, moved on the slider) once the time has rested a moment, so
// holding an arrow key says where it stops rather than every cycle on the way; while playing at
// most once per sentence heard out (a few seconds at least), the latest moment then; and never the
// same words twice in a row. The words are written only when they are to be said: a view offers
// a function of the moment each frame, which costs nothing until then.

/** At rest: said once the time has not moved for this long, ms. */
export const REST_MS = 500;
/** Playing: the least time between two sayings, ms. */
export const PLAYING_GAP_MS = 5000;
/** A listener's pace: a screen reader's default rate is about 180 words a minute. */
const MS_PER_WORD = 60_000 / 180;

// Japanese puts no spaces between its words: Intl.Segmenter finds them (ルータ|の|遅延|は).
const JAPANESE = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]/u;
const JAPANESE_WORDS = new Intl.Segmenter('ja', { granularity: 'word' });

/** Words a listener hears: those between spaces, a Japanese run's words by Intl.Segmenter. */
function wordCount(text: string): number {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .reduce(
      (n, run) =>
        n +
        (JAPANESE.test(run)
          ? [...JAPANESE_WORDS.segment(run)].filter((s) => s.isWordLike).length
          : 1),
      0,
    );
}

/** How long `text` takes to hear, ms. */
export function hearingMs(text: string): number {
  return wordCount(text) * MS_PER_WORD;
}

export interface NarratorClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: NarratorClock = {
  now: () => performance.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Takes every moment the view draws (`offer`, the words as a function of it) and passes on (`say`)
 * only the words a listener can follow, as the file's head says.
 */
export class Narrator {
  private said = '';
  /** When the last words were said, and how long they take to hear. */
  private saidAt = Number.NEGATIVE_INFINITY;
  private saidFor = 0;
  private latest: () => string = () => '';
  private timer: unknown = null;
  private timerPlaying = false;

  constructor(
    private readonly say: (text: string) => void,
    private readonly clock: NarratorClock = realClock,
  ) {}

  offer(words: () => string, playing: boolean): void {
    this.latest = words;
    if (playing) {
      // One pending saying carries the latest words when it is due.
      if (this.timer !== null && this.timerPlaying) return;
      this.cancel();
      const due = this.saidAt + Math.max(PLAYING_GAP_MS, this.saidFor);
      this.schedule(Math.max(0, due - this.clock.now()), true);
    } else {
      this.cancel();
      this.schedule(REST_MS, false);
    }
  }

  dispose(): void {
    this.cancel();
  }

  private schedule(ms: number, playing: boolean) {
    this.timerPlaying = playing;
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      const text = this.latest();
      if (text === this.said) return;
      this.said = text;
      this.saidAt = this.clock.now();
      this.saidFor = hearingMs(text);
      this.say(text);
    }, ms);
  }

  private cancel() {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }
}
