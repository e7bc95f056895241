// The line chart in words: its text alternative and the read-out's lines.
import type { AxisSpec, Guide, LineChartData, Mark } from '../results/chart_data';
import { axisTitle, formatReadable, formatValue } from '../results/format';
import { markKind } from './Legend';
import { curveLabel } from './line_style';

export function markTitle(mark: Mark): string {
  const kind = markKind(mark);
  return mark.label === kind ? kind : `${mark.label} (${kind})`;
}

export function valueLine(spec: AxisSpec, value: number): string {
  return `${spec.label}: ${formatReadable(value, spec)}`;
}

function range(values: number[]): [number, number] {
  return [Math.min(...values), Math.max(...values)];
}

/** The text alternative: what each curve spans, marks, rules and saturation, with numbers. */
export function describeLineChart(data: LineChartData, extra: Guide[] = []): string {
  const guides = [...(data.guides ?? []), ...extra];
  const fx = (v: number) => formatValue(v, data.x);
  const fy = (v: number) => formatValue(v, data.y);
  const scales = [data.x, data.y].some((a) => a.scale === 'log')
    ? ` (${data.x.scale} x, ${data.y.scale} y)`
    : '';
  const parts = [`${axisTitle(data.y)} against ${axisTitle(data.x)}${scales}.`];
  for (const curve of data.curves) {
    const ps = curve.points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
    if (ps.length === 0) {
      parts.push(`${curveLabel(curve)}: no points.`);
      continue;
    }
    const [x0, x1] = range(ps.map((p) => p.x));
    const [y0, y1] = range(ps.map((p) => p.y));
    const ranges = `${data.x.label} ${fx(x0)} to ${fx(x1)}, ${data.y.label} ${fy(y0)} to ${fy(y1)}`;
    const saturation =
      curve.saturationX === undefined ? '' : `; saturates at ${fx(curve.saturationX)}`;
    parts.push(`${curveLabel(curve)}: ${ps.length} points, ${ranges}${saturation}.`);
  }
  for (const g of guides) parts.push(`${g.label}: ${data.y.label} = ${g.slope} × ${data.x.label}.`);
  for (const m of data.marks ?? []) parts.push(`${markTitle(m)}: ${fx(m.x)}, ${fy(m.y)}.`);
  for (const r of data.rules ?? []) {
    parts.push(`${r.label}: ${r.axis === 'x' ? fx(r.value) : fy(r.value)}.`);
  }
  if (data.note) parts.push(data.note);
  return parts.join(' ');
}
