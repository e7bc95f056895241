// The size a figure is drawn for: the screen's 800 px, or a width on paper with its text size,
// both in points. One parser of lengths for `cli figure --width/--font-size` and the explorer's
// export options, so both take the same words and refuse the same values.

/** Points in one of each unit a length may be given in. */
export const LENGTH_UNITS = { in: 72, pt: 1, mm: 72 / 25.4, cm: 72 / 2.54 } as const;
export type LengthUnit = keyof typeof LENGTH_UNITS;

export interface LengthRange {
  min: number;
  max: number;
  /** The unit the range is said in. */
  unit: LengthUnit;
}

/** A figure's width on paper: from a margin note to a poster's column. */
export const WIDTH_RANGE: LengthRange = { min: 1, max: 20, unit: 'in' };
/** Its text: the least a printed figure stays legible at, to a slide's. */
export const FONT_RANGE: LengthRange = { min: 5, max: 24, unit: 'pt' };
/** Text size of a paper figure when only its width is given: a 10 pt paper's footnote size. */
export const DEFAULT_FONT_PT = 8;

/**
 * The widths a paper's figure usually takes, in points. One column: 3.5 in, a two-column paper's
 * column (IEEE's is 3.5 in in its template, 3.33 in printed; ACM's 3.33 in): at 3.5 in a figure
 * placed at \columnwidth shrinks by at most 5 %, so its text stays near the size asked for.
 * Two columns: 7 in, the text block (IEEE 7.16 in, ACM 7 in).
 */
export const PAPER_WIDTHS = {
  'one column': 3.5 * 72,
  'two columns': 7 * 72,
} as const;

/** Pixels per inch of a paper figure's PNG: what print needs. */
export const PAPER_DPI = 300;
export const DPI_RANGE = [72, 1200] as const;

/** A figure laid out for paper: its width and text size in points. */
export interface PaperSize {
  widthPt: number;
  fontPt: number;
}

/** What a figure shows besides its chart. */
export interface FigureParts {
  title: boolean;
  caption: boolean;
}

/**
 * A length such as "3.5in", "252pt", "89 mm" or "8.9cm", in points. A bare number is refused (a
 * width of "3.5" could be inches or points), as is one outside `range`; the error names `param`,
 * the units and the range.
 */
export function parseLength(text: string, param: string, range: LengthRange): number {
  const m = /^\s*(\d+(?:\.\d*)?|\.\d+)\s*([a-z]*)\s*$/i.exec(text);
  const span = `${range.min} to ${range.max} ${range.unit}`;
  if (!m)
    throw new Error(
      `${param} '${text}' is not a length: give a number and a unit, e.g. ${range.min}${range.unit} (${span})`,
    );
  const unit = m[2]!.toLowerCase();
  if (!(unit in LENGTH_UNITS)) {
    const said = unit === '' ? 'has no unit' : `has unit '${m[2]}'`;
    throw new Error(
      `${param} '${text}' ${said}: give one of ${Object.keys(LENGTH_UNITS).join(', ')} (${span})`,
    );
  }
  const points = Number(m[1]) * LENGTH_UNITS[unit as LengthUnit];
  const per = LENGTH_UNITS[range.unit];
  // Compared in the range's unit, rounded a little, so "1in" = "72pt" = "25.4mm" are all in.
  const inUnit = Math.round((points / per) * 1e9) / 1e9;
  if (!(inUnit >= range.min && inUnit <= range.max)) {
    throw new Error(`${param} '${text}' is out of range: from ${span}`);
  }
  return points;
}

/** Points in a CSS pixel: how a screen figure's px become a PDF's points. */
export const PT_PER_PX = 0.75;

/** A figure's size in points: the page of its PDF. */
export function figurePoints(figure: { width: number; height: number; paper: boolean }): {
  width: number;
  height: number;
} {
  const k = figure.paper ? 1 : PT_PER_PX;
  return { width: figure.width * k, height: figure.height * k };
}

/** The pixel size of a figure's PNG: `scale` times a screen figure, `dpi` for a paper one. */
export function pngPixels(
  figure: { width: number; height: number; paper: boolean },
  { scale, dpi }: { scale: number; dpi: number },
): { width: number; height: number } {
  const factor = figure.paper ? dpi / 72 : scale;
  return {
    width: Math.round(figure.width * factor),
    height: Math.round(figure.height * factor),
  };
}

/** The sizes the explorer's exports offer: the screen's, the paper widths, or a width given. */
export const SIZE_CHOICES = [
  'screen',
  ...(Object.keys(PAPER_WIDTHS) as PaperWidth[]),
  'width',
] as const;
export type PaperWidth = keyof typeof PAPER_WIDTHS;
export type SizeChoice = (typeof SIZE_CHOICES)[number];

/** What the explorer's export options hold, as typed (a width being typed is kept as it is). */
export interface FigureLayoutChoice {
  size: SizeChoice;
  /** The width of `size: 'width'`, as typed: "3.33in", "85mm". */
  width: string;
  /** The text size of a paper figure, as typed: "8pt". */
  fontSize: string;
  title: boolean;
  caption: boolean;
}

export const DEFAULT_LAYOUT_CHOICE: FigureLayoutChoice = {
  size: 'screen',
  width: '3.5in',
  fontSize: `${DEFAULT_FONT_PT}pt`,
  title: true,
  caption: true,
};

/** A choice's length that is not one: the field it is in, and why in words. */
export class FigureLayoutError extends Error {
  constructor(
    readonly field: 'width' | 'fontSize',
    message: string,
  ) {
    super(message);
  }
}

/** A length field of a choice, read; a FigureLayoutError naming the field where it is wrong. */
function readLength(
  choice: FigureLayoutChoice,
  field: FigureLayoutError['field'],
  param: string,
  range: LengthRange,
): number {
  try {
    return parseLength(choice[field], param, range);
  } catch (error) {
    throw new FigureLayoutError(field, (error as Error).message);
  }
}

/** The layout a choice asks for; a FigureLayoutError naming the field and its range where one is wrong. */
export function figureLayout(choice: FigureLayoutChoice): {
  paper: PaperSize | undefined;
  parts: FigureParts;
} {
  const parts = { title: choice.title, caption: choice.caption };
  if (choice.size === 'screen') return { paper: undefined, parts };
  const widthPt =
    choice.size === 'width'
      ? readLength(choice, 'width', 'Width', WIDTH_RANGE)
      : PAPER_WIDTHS[choice.size];
  return { paper: { widthPt, fontPt: readLength(choice, 'fontSize', 'Text', FONT_RANGE) }, parts };
}
