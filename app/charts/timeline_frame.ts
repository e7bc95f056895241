// A timeline chart's frame: state colours and fill patterns, legend, margins, default height.
import { chartFontSize, inkScale } from './ChartBox';
import type { TimelineData, TimelineState } from '../results/chart_data';
import { legendLayout } from './legend_layout';
import type { LegendEntry } from './legend_layout';
import { seriesColor } from './palette';
import { IDLE_COLOR, idleLabel, STYLE } from './timeline_style';

/**
 * Palette position of each state: by first appearance of its key, so a repeated key keeps its
 * colour; where two or more keys are drawn, its fill pattern follows it too (greyscale print).
 */
function statePositions(states: TimelineState[]): number[] {
  const byKey = new Map<string, number>();
  for (const s of states) if (!byKey.has(s.key)) byKey.set(s.key, byKey.size);
  return states.map((s) => byKey.get(s.key) ?? 0);
}

/** The fill pattern's position of each state, where the states are two or more keys. */
function stateHatches(positions: number[]): (number | undefined)[] {
  return new Set(positions).size > 1 ? positions : positions.map(() => undefined);
}

function legendEntries(states: TimelineState[], positions: number[]): LegendEntry[] {
  const entries = new Map<string, LegendEntry>();
  const hatches = stateHatches(positions);
  states.forEach((s, i) => {
    const key = `state:${s.key}`;
    const hatch = hatches[i];
    if (!entries.has(key)) {
      entries.set(key, {
        key,
        label: s.label,
        symbol: {
          kind: 'swatch',
          color: seriesColor(positions[i] ?? 0),
          ...(hatch === undefined ? {} : { hatch }),
        },
      });
    }
  });
  return [
    ...entries.values(),
    { key: 'idle', label: idleLabel(), symbol: { kind: 'swatch', color: IDLE_COLOR } },
  ];
}

/** The parts of the layout that do not depend on the height: font, legend, top and bottom. */
export function frameParts(data: TimelineData, size: { width: number; fontSize?: number }) {
  const { width } = size;
  const fontSize = chartFontSize(size);
  const positions = statePositions(data.states);
  const colors = positions.map(seriesColor);
  const legend = legendLayout(
    legendEntries(data.states, positions),
    width - 16,
    fontSize,
    inkScale(size),
  );
  const top = legend.height > 0 ? legend.height + 14 : 12;
  return {
    fontSize,
    colors,
    hatches: stateHatches(positions),
    legend,
    top,
    bottom: 2 * fontSize + 22,
  };
}

/** The height that gives each row about 24 px at this width, clamped to 240..480 px. */
export function timelineHeight(data: TimelineData, width: number, fontSize?: number): number {
  const { top, bottom } = frameParts(data, { width, fontSize });
  const natural = top + data.rows.length * STYLE.rowStep + bottom;
  return Math.min(480, Math.max(240, Math.round(natural)));
}
