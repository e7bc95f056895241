// `npm run cli -- trace <preset>`: one run of a preset (one point of a sweep) recording a window
// of its events, printed as JSON (one event a line) or as a table of the kinds recorded.
import type { Engine, RunProgress } from '../engine/engine';
import type { MadeBy } from '../engine/engine_build';
import { traceCounts, traceEvents } from '../engine/trace';
import type { ModelInfo } from '../engine/types';
import { parseDecimal } from '../presets/param_values';
import type { Preset } from '../presets/schema';
import { presetParams } from '../presets/schema';
import { unitSymbol } from '../presets/units';
import type { Overrides } from '../headless/params';
import { parseSettings } from '../headless/params';
import type { TraceReport } from '../headless/trace';
import { DEFAULT_TRACE_CYCLES, traceHead, traceRun } from '../headless/trace';
import { UsageError } from '../headless/usage_error';
import { formatTable } from './text';

/** The window and point a trace command asks for, as the user typed them. */
export interface TraceFlags {
  point?: string | undefined;
  from?: string | undefined;
  cycles?: string | undefined;
  'max-events'?: string | undefined;
  'max-bytes'?: string | undefined;
}

/** How a trace is printed: a table of its kinds, its events as JSON, or a file for Perfetto. */
export const TRACE_FORMATS = ['table', 'json', 'perfetto'] as const;
export type TraceFormat = (typeof TRACE_FORMATS)[number];

/** The format `--format` names (`--json` is `--format json`), or a usage error naming them. */
export function traceFormat(format: string | undefined, json: boolean): TraceFormat {
  if (format === undefined) return json ? 'json' : 'table';
  const known = (TRACE_FORMATS as readonly string[]).includes(format);
  if (!known || (json && format !== 'json')) {
    throw new UsageError(
      known
        ? `--json and --format ${format} ask for two formats: give one`
        : `--format '${format}' is not one of ${TRACE_FORMATS.join(', ')}`,
    );
  }
  return format as TraceFormat;
}

function flagNumber(flag: string, text: string | undefined, fallback: number, valid: string) {
  if (text === undefined) return fallback;
  const n = parseDecimal(text);
  const whole = flag !== 'from' && flag !== 'cycles';
  const min = { point: 0, from: 0, cycles: 0, 'max-events': 1, 'max-bytes': 1024 }[flag] ?? 0;
  const ok =
    Number.isFinite(n) &&
    (flag === 'cycles' ? n > 0 : n >= min) &&
    (!whole || Number.isSafeInteger(n));
  if (!ok) throw new UsageError(`--${flag} '${text}' is not ${valid}`);
  return n;
}

/** The point and window of the flags, each checked and named in its error. */
export function parseTraceFlags(flags: TraceFlags) {
  return {
    point: flagNumber('point', flags.point, 0, 'a whole number from 0 (a point of the sweep)'),
    window: {
      from: flagNumber('from', flags.from, 0, "a time from 0, in the model's clock"),
      length: flagNumber('cycles', flags.cycles, DEFAULT_TRACE_CYCLES, 'a span above 0'),
      ...(flags['max-events'] !== undefined
        ? { maxEvents: flagNumber('max-events', flags['max-events'], 0, 'a whole number from 1') }
        : {}),
      ...(flags['max-bytes'] !== undefined
        ? { maxBytes: flagNumber('max-bytes', flags['max-bytes'], 0, 'a whole number from 1024') }
        : {}),
    },
  };
}

/** Runs a preset (its point, for a sweep model) recording the flags' window. */
export async function tracePreset(
  engine: Engine,
  models: ModelInfo[],
  preset: Preset,
  settings: string[],
  flags: TraceFlags,
  options: { base?: Overrides; onProgress?: (progress: RunProgress) => void } = {},
): Promise<TraceReport> {
  const model = models.find((m) => m.name === preset.model);
  if (!model) throw new UsageError(`preset ${preset.id} uses unknown model '${preset.model}'`);
  const overrides = parseSettings(model, settings);
  const { point, window } = parseTraceFlags(flags);
  return traceRun(
    engine,
    model,
    preset,
    {
      params: { ...presetParams(preset), ...options.base?.params, ...overrides.params },
      seed: overrides.seed ?? options.base?.seed ?? preset.seed,
    },
    { ...(flags.point !== undefined ? { point } : {}), window },
    { names: FLAG_NAMES, ...(options.onProgress ? { onProgress: options.onProgress } : {}) },
  );
}

/** The flag that sets each of the trace's engine parameters. */
const FLAG_NAMES: Record<string, string> = {
  trace_from: '--from',
  trace_length: '--cycles',
  point: '--point',
};

/**
 * The trace as JSON: the run, the window, how it reads as a timeline where its machine declares
 * that (`timeline`), and what it holds ({kinds: {name: {description, fields, states of a field
 * naming them, events, dropped}}}), then `events`, one per line, each with its time (under the
 * clock's name: "cycle", "ms"), its kind and its fields. `made`: what made it, before the events.
 */
export function* traceJson(r: TraceReport, made?: MadeBy): Generator<string> {
  const text = JSON.stringify({ ...traceHead(r), ...(made ? { made_by: made } : {}) }, null, 2);
  yield `${text.slice(0, -2)},\n  "events": [\n`;
  const events = traceEvents(r.trace);
  for (let i = 0; i < events.length; i++) {
    yield `    ${JSON.stringify(events[i])}${i + 1 < events.length ? ',' : ''}\n`;
  }
  yield '  ]\n}\n';
}

/** The trace in words: the window, then each kind with its events and drops. */
export function traceTable(r: TraceReport): string {
  const { trace } = r;
  const counts = traceCounts(trace);
  const at = r.point !== undefined ? `, point ${r.point}` : '';
  const lines = [
    `${r.preset ?? r.model} (seed ${r.seed}${at}): ${unitSymbol(trace.clock)} ${trace.from} to ` +
      `${trace.end}` +
      `${trace.truncated ? ' (cut there: a cap was reached)' : ''}, ` +
      `${trace.bytes.toLocaleString('en')} bytes`,
    '',
    formatTable(
      ['kind', 'events', 'dropped', 'fields'],
      trace.kinds.map((k) => [
        k.name,
        String(counts[k.name]!.events),
        String(k.dropped),
        k.fields.map((f) => f.name).join(', '),
      ]),
      [3],
    ),
  ];
  return lines.join('\n');
}
