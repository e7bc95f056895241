// One chart of side by side as one figure of both runs, and one side's version of a chart named by
// what differs (stacked on a phone, or the context of a tour's open question).
import { useT } from '../i18n/i18n';
import { ChartView } from '../chart_kinds/ChartView';
import { mergeSides } from '../chart_kinds/registry';
import type { AxisOverrides } from '../chart_kinds/shared_axes';
import { shareAxes } from '../chart_kinds/shared_axes';
import type { SideNames } from '../results/side_figure';
import { PaneSide } from '../tours/use_withheld';
import { ChartGrid } from './ChartGrid';
import type { PaneDrawn } from './PaneSlot';

/** Both sides' chart `id` as one figure: one plot of both runs, else the two charts beside. */
export function SideFigure({
  id,
  title,
  left,
  right,
  names,
  axes,
}: {
  id: string;
  title: string;
  left: PaneDrawn;
  right: PaneDrawn;
  names: SideNames;
  axes: AxisOverrides;
}) {
  const t = useT('explorer');
  const [a, b] = [left.charts.get(id), right.charts.get(id)];
  if (!a || !b) return <p className="banner">{t('side.running')}</p>;
  const merged = mergeSides(a, b, names);
  const shared = (chart: typeof a) => (axes[id] ? shareAxes(chart, axes[id]) : chart);
  return (
    <figure className="chart-card side-figure" data-side-figure={id}>
      <figcaption>{title}</figcaption>
      {merged ? (
        <ChartView name={id} title={title} chart={merged} />
      ) : (
        <div className="side-figure-pair">
          {(['left', 'right'] as const).map((side) => (
            <div key={side}>
              <p className="side-name">{names[side]}</p>
              <ChartView
                name={`${id}-${side}`}
                title={t('side.chartTitle', { title, name: names[side] })}
                chart={shared(side === 'left' ? a : b)}
              />
            </div>
          ))}
        </div>
      )}
    </figure>
  );
}

/** One side's chart `id`, named by what differs; nothing while that side has not drawn it. */
export function PairSide({
  id,
  side,
  drawn,
  names,
  axes,
}: {
  id: string;
  side: 'left' | 'right';
  drawn: PaneDrawn;
  names: SideNames;
  axes: AxisOverrides;
}) {
  const t = useT('explorer');
  if (!drawn.grid || !drawn.charts.has(id)) return null;
  return (
    <div data-side={side}>
      <p className="side-name">{t('side.named', { side, name: names[side] })}</p>
      <PaneSide.Provider value={side === 'left' ? 'first' : 'right'}>
        <ChartGrid {...drawn.grid} axes={axes} only={id} label={t('side.chartOf', { side })} />
      </PaneSide.Provider>
    </div>
  );
}

/** Stacked (a phone): each chart's left and right versions together, named by what differs. */
export function SidePairs({
  left,
  right,
  names,
  axes,
}: {
  left: PaneDrawn;
  right: PaneDrawn;
  names: SideNames;
  axes: AxisOverrides;
}) {
  const t = useT('explorer');
  const pairs = [
    ...left.charts.keys(),
    ...[...right.charts.keys()].filter((id) => !left.charts.has(id)),
  ];
  return (
    <div className="side-pairs">
      {pairs.map((id) => (
        <section
          key={id}
          className="side-pair"
          data-side-pair={id}
          aria-label={t('side.both', {
            title: left.grid?.view.preset.charts.find((c) => c.id === id)?.title ?? id,
          })}
        >
          <PairSide id={id} side="left" drawn={left} names={names} axes={axes} />
          <PairSide id={id} side="right" drawn={right} names={names} axes={axes} />
        </section>
      ))}
    </div>
  );
}
