// The point and the window a trace view records, as typed: applied on "Record", so typing does not
// re-run the recording.
import { useState } from 'react';
import type { KeyboardEvent } from 'react';

import { useT } from '../i18n/i18n';
import type { ViewLink } from '../link/url_state';
import { vt } from './view_words';

interface Props {
  link: ViewLink;
  /** The sweep's points as the chart labels them, in order; empty for a model that is one run. */
  points: string[];
  /** The unit of the window's times. */
  unit: string;
  onLink(update: (link: ViewLink) => ViewLink): void;
  /** The parameter the engine refused in its last answer (its ParamError's), if any. */
  refused?: string;
}

/** A window field's error: the engine's name of the parameter it is about and the words. */
export interface WindowError {
  param: 'trace_from' | 'trace_length';
  message: string;
}

/** What is wrong with the window as typed, by the engine's name of the field; null: nothing. */
export function windowError(fromText: string, lengthText: string): WindowError | null {
  const from = Number(fromText);
  const length = Number(lengthText);
  if (fromText.trim() === '' || !Number.isFinite(from) || from < 0) {
    return { param: 'trace_from', message: vt('window.fromError') };
  }
  if (lengthText.trim() === '' || !Number.isFinite(length) || length <= 0) {
    return { param: 'trace_length', message: vt('window.lengthError') };
  }
  return null;
}

/** The point and the window to record, as typed: applied on "Record", so typing does not re-run. */
export function WindowForm({ link, points, unit, onLink, refused }: Props) {
  const t = useT('views');
  const [fromText, setFromText] = useState(String(link.from));
  const [lengthText, setLengthText] = useState(String(link.length));
  const typedFrom = Number(fromText);
  const typedLength = Number(lengthText);
  const error = windowError(fromText, lengthText);
  // The field in error: the one typed wrong, else the one the engine refused as recorded.
  const invalid = error?.param ?? refused;
  // Applied from the button and from Enter, not from the form's submission: a frame sandboxed
  // without allow-forms (a lesson on a course page) blocks submission before its event fires.
  const record = () => {
    if (error) return;
    onLink(({ time: _time, selected: _selected, window: _window, ...l }) => ({
      ...l,
      from: typedFrom,
      length: typedLength,
    }));
  };
  const onEnter = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    record();
  };
  return (
    <form className="trace-window" onSubmit={(event) => event.preventDefault()}>
      {points.length > 0 || link.point !== undefined ? (
        <label>
          {t('window.point')}
          <select
            value={link.point ?? 0}
            aria-invalid={refused === 'point'}
            onChange={(e) =>
              onLink(({ time: _time, selected: _selected, window: _window, ...l }) => ({
                ...l,
                point: Number(e.target.value),
              }))
            }
          >
            {points.map((label, i) => (
              <option key={i} value={i}>
                {label}
              </option>
            ))}
            {/* A point the chart does not draw (a saturated load) is still a point. */}
            {link.point !== undefined && link.point >= points.length ? (
              <option value={link.point}>{t('window.pointN', { point: link.point + 1 })}</option>
            ) : null}
          </select>
        </label>
      ) : null}
      <label>
        {t('window.from')}
        <input
          inputMode="decimal"
          value={fromText}
          aria-invalid={invalid === 'trace_from'}
          onChange={(e) => setFromText(e.target.value)}
          onKeyDown={onEnter}
        />
      </label>
      <label>
        {t('window.length')}
        <input
          inputMode="decimal"
          value={lengthText}
          aria-invalid={invalid === 'trace_length'}
          onChange={(e) => setLengthText(e.target.value)}
          onKeyDown={onEnter}
        />
      </label>
      <span className="trace-window-unit">{t('window.unit', { unit })}</span>
      <button type="button" disabled={error !== null} onClick={record}>
        {t('window.record')}
      </button>
      {error ? (
        <span className="field-error" role="alert">
          {error.message}
        </span>
      ) : null}
    </form>
  );
}
