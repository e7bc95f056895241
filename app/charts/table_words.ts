// The words of a chart's table: its columns' names and the words of its cells. A CSV export keeps
// them in English whatever the page speaks, as the scripts that read it go by those names
// (EXPORT_WORDS); the table the page shows says its catalogue's (PAGE_WORDS, charts.json `table`).
import { bracketed } from '../presets/units';
import { chartsT } from '../results/words';

/** The columns' names and the cells' words a table says alone. */
export const TABLE_WORDS = [
  'curve',
  'kind',
  'pinnedCurve',
  'saturation',
  'rule',
  'bar',
  'total',
  'configuration',
  'averageWorkRate',
  'input',
  'output',
  'use',
  'from',
  'to',
  'utilization',
  'x',
  'y',
  'z',
  'direction',
  'processor',
  'binStart',
  'binEnd',
  'idle',
  'fromChannel',
  'fromClass',
  'toChannel',
  'toClass',
  'cycle',
  'escapeToEscape',
  'escapeCycle',
  'yes',
  'no',
] as const;
export type TableWord = (typeof TABLE_WORDS)[number];

export interface TableWords {
  /** A column's name or a cell's word, said alone: "curve", "from channel". */
  word(word: TableWord): string;
  /** A column of fractions of 1 (drawn as a percentage or not): "utilization (fraction)". */
  fraction(label: string): string;
  /** The column of a paper value: "total (paper)". */
  paper(label: string): string;
  /** A pinned run's mark, by what the mark is: "pinned current". */
  pinned(mark: string): string;
  /** A processor's work rate: "PE 1 work rate". */
  workRate(processor: string): string;
  /** An end of a channel: "terminal 3", "switch 12". */
  end(kind: 'terminal' | 'switch', n: number): string;
  /** A column's name with its unit: "latency (cycles)". */
  unit(label: string, unit: string): string;
}

const ENGLISH: Record<TableWord, string> = {
  curve: 'curve',
  kind: 'kind',
  pinnedCurve: 'pinned curve',
  saturation: 'saturation',
  rule: 'rule',
  bar: 'bar',
  total: 'total',
  configuration: 'configuration',
  averageWorkRate: 'average work rate',
  input: 'input',
  output: 'output',
  use: 'use',
  from: 'from',
  to: 'to',
  utilization: 'utilization',
  x: 'x',
  y: 'y',
  z: 'z',
  direction: 'direction',
  processor: 'processor',
  binStart: 'bin start',
  binEnd: 'bin end',
  idle: 'idle',
  fromChannel: 'from channel',
  fromClass: 'from class',
  toChannel: 'to channel',
  toClass: 'to class',
  cycle: 'cycle',
  escapeToEscape: 'escape to escape',
  escapeCycle: 'escape cycle',
  yes: 'yes',
  no: 'no',
};

/** An export's words: English, and the same from one version to the next. */
export const EXPORT_WORDS: TableWords = {
  word: (word) => ENGLISH[word],
  fraction: (label) => `${label} (fraction)`,
  paper: (label) => `${label} (paper)`,
  pinned: (mark) => `pinned ${mark}`,
  workRate: (processor) => `${processor} work rate`,
  end: (kind, n) => `${kind} ${n}`,
  unit: (label, unit) => `${label} (${unit})`,
};

/** The page's words, in the reader's language. */
export const PAGE_WORDS: TableWords = {
  word: (word) => chartsT(`table.${word}`),
  fraction: (label) => chartsT('table.fraction', { label }),
  paper: (label) => chartsT('table.paper', { label }),
  pinned: (mark) => chartsT('table.pinned', { mark }),
  workRate: (processor) => chartsT('table.workRate', { processor }),
  end: (kind, n) => chartsT('table.end', { kind, n }),
  unit: (label, unit) => bracketed(unit, label),
};
