import { useId, useState } from 'react';

import { useT } from '../i18n/i18n';
import { checkRange } from '../presets/param_values';
import { FieldError } from './ParamHead';
import './params.css';

const SEED_RANGE = { min: 0, max: Number.MAX_SAFE_INTEGER, integer: true };

/** Reads a typed seed: a whole number from 0 to 2^53 - 1, by the fields' rules. */
export function checkSeed(text: string): { value: number } | { error: string } {
  return checkRange(text, SEED_RANGE, `0 to ${Number.MAX_SAFE_INTEGER}`);
}

interface Props {
  seed: number;
  presetSeed: number;
  /** undefined: back to the preset's seed. */
  onSeed(seed: number | undefined): void;
}

/** The random seed of the run: the same seed and parameters give the same numbers. */
export function SeedField({ seed, presetSeed, onSeed }: Props) {
  const t = useT('explorer');
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const checked = draft === null ? null : checkSeed(draft);
  const error = checked && 'error' in checked ? checked.error : undefined;
  // Typed text shows while invalid or while it still reads as the seed in use.
  const shown =
    draft !== null &&
    (error !== undefined || (checked && 'value' in checked && checked.value === seed))
      ? draft
      : String(seed);
  return (
    <fieldset className={`param seed${error ? ' invalid' : ''}`}>
      <legend>{t('seed.legend')}</legend>
      <div className="param-head">
        <label htmlFor={id} title={t('seed.title')}>
          {t('seed.label')}
        </label>
        <button
          type="button"
          className="reset"
          disabled={seed === presetSeed && draft === null}
          aria-label={t('seed.resetLabel', { seed: String(presetSeed) })}
          title={t('seed.resetTitle', { seed: String(presetSeed) })}
          onClick={() => {
            setDraft(null);
            onSeed(undefined);
          }}
        >
          ↺
        </button>
      </div>
      <input
        id={id}
        className="number"
        type="text"
        inputMode="numeric"
        data-param-number="seed"
        value={shown}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          const next = checkSeed(e.target.value);
          setDraft(e.target.value);
          if ('value' in next) onSeed(next.value === presetSeed ? undefined : next.value);
        }}
      />
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}
