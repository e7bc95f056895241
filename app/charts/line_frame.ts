// The line chart's frame: legend, margins, plot size and scaled axes.
import type { ChartSize } from './ChartBox';
import { chartFontSize, forPaper, inkScale, minPlotHeight, titleLines } from './ChartBox';
import { titleExtra } from './Axis';
import type { Guide, LineChartData, Rule } from '../results/chart_data';
import { formatReadable } from '../results/format';
import { legendLayout } from './legend_layout';
import type { LegendNamed } from './line_legend';
import { legendEntries, ruleEntry, saturationEntry } from './line_legend';
import { edgeRuleText, ruleWithinReach } from './line_reach';
import { curveStyles } from './line_style';
import {
  axisDomain,
  axisTicks,
  fittedXAxis,
  powersOfTwo,
  scaledAxis,
  widestTickLabel,
} from './scales';
import { chartsT } from '../results/words';

/**
 * The line chart's frame: its legend, margins, plot size and scaled axes, and what is drawn on
 * them (the data's extent, the rules within reach of it).
 */
export function lineFrame(
  data: LineChartData,
  size: ChartSize,
  guides: Guide[],
  named: LegendNamed,
) {
  const inLegend = named.rules;
  const fontSize = chartFontSize(size);
  const paper = forPaper(size);
  const ink = inkScale(size);
  const small = fontSize - 1;
  const styles = curveStyles(data.curves);
  const marks = data.marks ?? [];
  const rules = data.rules ?? [];
  const points = data.curves.flatMap((c) => c.points);
  // A curve's saturation is data too: its marker stays on the plot past the last point drawn.
  const saturations = data.curves.flatMap((c) =>
    c.saturationX === undefined ? [] : [c.saturationX],
  );
  const dataX = [...points.map((p) => p.x), ...marks.map((m) => m.x), ...saturations];
  const dataY = [...points.map((p) => p.y), ...marks.map((m) => m.y)];
  const reached = (r: Rule) =>
    r.axis === 'x'
      ? ruleWithinReach(data.x, dataX, r.value)
      : ruleWithinReach(data.y, dataY, r.value);
  // A rule out of reach lies beyond the data or before it.
  const beyond = (r: Rule) =>
    r.value > Math.max(...(r.axis === 'x' ? dataX : dataY).filter(Number.isFinite));
  const legendRules = [...inLegend].flatMap((i) => {
    const rule = rules[i];
    if (!rule) return [];
    const spec = rule.axis === 'x' ? data.x : data.y;
    // With its value, so that two rules named there can be told apart.
    const label = reached(rule)
      ? chartsT('line.ruleValue', { rule: rule.label, value: formatReadable(rule.value, spec) })
      : edgeRuleText(rule, spec, beyond(rule));
    return [ruleEntry(rule, label)];
  });
  const legend = legendLayout(
    [
      ...legendEntries(data, guides, styles, ink < 1),
      ...legendRules,
      ...(named.saturation ? [saturationEntry()] : []),
    ],
    size.width - 16,
    fontSize,
    ink,
  );
  const margin = {
    top: legend.height > 0 ? legend.height + 14 : 12,
    right: 16,
    bottom: 2 * fontSize + 22,
    left: 0,
  };
  const innerHeight = Math.max(minPlotHeight(size.width), size.height - margin.top - margin.bottom);
  size = { ...size, height: margin.top + innerHeight + margin.bottom };
  const ruleValues = (axis: 'x' | 'y') =>
    rules.filter((r) => r.axis === axis && reached(r)).map((r) => r.value);

  const xDomain = axisDomain(
    data.x,
    [...dataX, ...ruleValues('x')],
    Math.max(2, Math.floor((size.width - 80) / 70)),
  );
  const yDomain = axisDomain(
    data.y,
    [...dataY, ...ruleValues('y'), ...guides.flatMap((g) => xDomain.map((v) => g.slope * v))],
    Math.max(2, Math.floor(innerHeight / 36)),
  );
  const ySpec = powersOfTwo(points.map((p) => p.y)) ? { ...data.y, binary: true } : data.y;
  const y = scaledAxis(ySpec, yDomain, [innerHeight, 0]);
  const yTicks = axisTicks(y, 'y', fontSize);
  const yTitle = titleLines(data.y, innerHeight, size, fontSize);
  const yTitleOffset = Math.ceil(
    widestTickLabel(yTicks, fontSize) + 14 + fontSize / 4 + titleExtra(yTitle, fontSize),
  );
  margin.left = yTitleOffset + fontSize + 4;

  // An x axis whose every point is a whole number (PEs, depth) gets no "1.5" ticks.
  const xSpec = {
    ...data.x,
    whole: [...points, ...marks].every((p) => Number.isInteger(p.x)),
    ...(powersOfTwo(points.map((p) => p.x)) ? { binary: true } : {}),
  };
  const { innerWidth, x, xTicks } = fittedXAxis(xSpec, xDomain, size.width, margin, fontSize);
  // A title on more lines makes the chart taller, not the plot smaller.
  const xTitle = titleLines(data.x, innerWidth, size, fontSize);
  margin.bottom += titleExtra(xTitle, fontSize);
  size = { ...size, height: size.height + titleExtra(xTitle, fontSize) };

  return {
    inLegend,
    fontSize,
    paper,
    ink,
    small,
    styles,
    marks,
    rules,
    reached,
    beyond,
    legend,
    margin,
    innerHeight,
    size,
    x,
    y,
    xTicks,
    yTicks,
    xTitle,
    yTitle,
    yTitleOffset,
    innerWidth,
  };
}

export type LineFrame = ReturnType<typeof lineFrame>;
