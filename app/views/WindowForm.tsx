// The point and the window a trace view records, as typed: applied on "Record", so typing does not
// re-run the recording.
import { useState } from 'react';
import type { KeyboardEvent } from 'react';

import type { ViewLink } from '../link/url_state';

interface Props {
  link: ViewLink;
  /** The sweep's points as the chart labels them, in order; empty for a model that is one run. */
  points: string[];
  /** The unit of the window's times. */
  unit: string;
  onLink(update: (link: ViewLink) => ViewLink): void;
}

/** The point and the window to record, as typed: applied on "Record", so typing does not re-run. */
export function WindowForm({ link, points, unit, onLink }: Props) {
  const [fromText, setFromText] = useState(String(link.from));
  const [lengthText, setLengthText] = useState(String(link.length));
  const typedFrom = Number(fromText);
  const typedLength = Number(lengthText);
  const windowError =
    fromText.trim() === '' || !Number.isFinite(typedFrom) || typedFrom < 0
      ? 'From: a time from 0 is needed.'
      : lengthText.trim() === '' || !Number.isFinite(typedLength) || typedLength <= 0
        ? 'Length: a time above 0 is needed.'
        : null;
  // Applied from the button and from Enter, not from the form's submission: a frame sandboxed
  // without allow-forms (a lesson on a course page) blocks submission before its event fires.
  const record = () => {
    if (windowError) return;
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
          Point
          <select
            value={link.point ?? 0}
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
              <option value={link.point}>point {link.point + 1}</option>
            ) : null}
          </select>
        </label>
      ) : null}
      <label>
        From
        <input
          inputMode="decimal"
          value={fromText}
          aria-invalid={windowError?.startsWith('From') ?? false}
          onChange={(e) => setFromText(e.target.value)}
          onKeyDown={onEnter}
        />
      </label>
      <label>
        Length
        <input
          inputMode="decimal"
          value={lengthText}
          aria-invalid={windowError?.startsWith('Length') ?? false}
          onChange={(e) => setLengthText(e.target.value)}
          onKeyDown={onEnter}
        />
      </label>
      <span className="trace-window-unit">{unit}</span>
      <button type="button" disabled={windowError !== null} onClick={record}>
        Record
      </button>
      {windowError ? (
        <span className="field-error" role="alert">
          {windowError}
        </span>
      ) : null}
    </form>
  );
}
