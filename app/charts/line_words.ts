// The line chart in words: its text alternative and the read-out's lines.
import type { AxisSpec, Guide, LineChartData, Mark } from '../results/chart_data';
import { axisTitle, formatReadable, formatValue } from '../results/format';
import { markKind } from './Legend';
import { curveLabel } from './line_style';
import { joinSentences } from '../i18n/join';
import { chartsT } from '../results/words';

export function markTitle(mark: Mark): string {
  const kind = markKind(mark);
  return mark.label === kind ? kind : chartsT('line.markTitle', { mark: mark.label, kind });
}

export function valueLine(spec: AxisSpec, value: number): string {
  return chartsT('line.value', { label: spec.label, value: formatReadable(value, spec) });
}

function range(values: number[]): [number, number] {
  return [Math.min(...values), Math.max(...values)];
}

/** The text alternative: what each curve spans, marks, rules and saturation, with numbers. */
export function describeLineChart(data: LineChartData, extra: Guide[] = []): string {
  const guides = [...(data.guides ?? []), ...extra];
  const fx = (v: number) => formatValue(v, data.x);
  const fy = (v: number) => formatValue(v, data.y);
  const parts = [
    chartsT('line.against', {
      y: axisTitle(data.y),
      x: axisTitle(data.x),
      log: [data.x, data.y].some((a) => a.scale === 'log') ? 'yes' : 'no',
      xScale: data.x.scale,
      yScale: data.y.scale,
    }),
  ];
  for (const curve of data.curves) {
    const ps = curve.points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
    if (ps.length === 0) {
      parts.push(chartsT('line.noPoints', { curve: curveLabel(curve) }));
      continue;
    }
    const [x0, x1] = range(ps.map((p) => p.x));
    const [y0, y1] = range(ps.map((p) => p.y));
    parts.push(
      chartsT('line.curve', {
        curve: curveLabel(curve),
        points: String(ps.length),
        x: data.x.label,
        x0: fx(x0),
        x1: fx(x1),
        y: data.y.label,
        y0: fy(y0),
        y1: fy(y1),
        saturated: curve.saturationX === undefined ? 'no' : 'yes',
        saturation: curve.saturationX === undefined ? '' : fx(curve.saturationX),
      }),
    );
  }
  for (const g of guides) {
    parts.push(
      chartsT('line.guide', {
        guide: g.label,
        y: data.y.label,
        slope: String(g.slope),
        x: data.x.label,
      }),
    );
  }
  for (const m of data.marks ?? []) {
    parts.push(chartsT('line.mark', { mark: markTitle(m), x: fx(m.x), y: fy(m.y) }));
  }
  for (const r of data.rules ?? []) {
    parts.push(
      chartsT('line.rule', { rule: r.label, value: r.axis === 'x' ? fx(r.value) : fy(r.value) }),
    );
  }
  if (data.note) parts.push(data.note);
  return joinSentences(parts);
}
