// The trace player's bar: start, step back, play or pause, step, a slider over the window, the
// time shown and the speed.
import { useT } from '../i18n/i18n';
import { unitSymbol } from '../presets/units';
import type { Span } from './player';
import { SPEEDS, formatTime, shownTime } from './player';
import { numberText } from '../presets/number_format';

interface Props {
  span: Span;
  time: number;
  /** The trace's clock ('cycle' or a unit of time) and the unit its times are in. */
  clock: string;
  unit: string;
  playing: boolean;
  speed: number;
  setSpeed(speed: number): void;
  settle(time: number): void;
  togglePlay(): void;
  step(delta: 1 | -1): void;
}

export function PlayerBar({
  span,
  time,
  clock,
  unit,
  playing,
  speed,
  setSpeed,
  settle,
  togglePlay,
  step,
}: Props) {
  const t = useT('views');
  return (
    <div className="trace-player" role="group" aria-label={t('player.label')}>
      {/* Words, not media glyphs: the fonts a projector's machine has may lack them. */}
      <button type="button" onClick={() => settle(span.from)}>
        {t('player.start')}
      </button>
      <button type="button" onClick={() => step(-1)}>
        {t('player.stepBack')}
      </button>
      <button type="button" onClick={togglePlay} className="trace-play">
        {playing ? t('player.pause') : t('player.play')}
      </button>
      <button type="button" onClick={() => step(1)}>
        {t('player.step')}
      </button>
      <input
        type="range"
        aria-label={t('player.time')}
        min={span.from}
        max={span.end}
        step={clock === 'cycle' ? 1 : 'any'}
        value={shownTime(time, clock)}
        onChange={(e) => settle(Number(e.target.value))}
      />
      <output className="trace-time" aria-live={playing ? 'off' : 'polite'}>
        {formatTime(time, clock)}
      </output>
      <label>
        {t('player.speed')}
        <select value={speed} onChange={(e) => setSpeed(Number(e.target.value))}>
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {t('player.perSecond', { speed: numberText(s), unit: unitSymbol(unit) })}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
