import { useContext, useId, useRef, useState } from 'react';

import { DataTable } from '../charts/DataTable';
import { PAGE_WORDS } from '../charts/table_words';
import { useT } from '../i18n/i18n';
import type { ChartSpec } from '../presets/schema';
import { ChartView } from '../chart_kinds/ChartView';
import { builtChartTable, chartKind } from '../chart_kinds/registry';
import { StaleMark } from './StaleMark';
import type { BuiltChart } from '../chart_kinds/registry';
import { VIEWS } from '../views/registry';
import type { ChartChoice } from '../link/url_state';
import { ChartTools } from './ChartTools';
import { ChartWatch } from './ChartWatch';
import { OpenQuestion } from '../tours/use_withheld';
import { EmbedDialog } from './EmbedDialog';
import type { ChartExportInfo } from './use_chart_exports';
import { useChartExports } from './use_chart_exports';
import './chart_card.css';

export type { ChartExportInfo } from './use_chart_exports';

interface Props {
  spec: ChartSpec;
  chart: BuiltChart;
  choice: ChartChoice;
  onChoice(choice: ChartChoice): void;
  /** The preset has paper values to draw on this chart. */
  hasReference: boolean;
  /** Why the chart no longer matches the fields (greyed, with the reason), or null. */
  stale: string | null;
  exportInfo: ChartExportInfo;
  /** Opens the chart's trace view (spec.watch) at a point of its sweep, if it has points. */
  onWatch?(point: number | undefined): void;
  /** The sweep's points as the chart (or the one its watch names) labels them. */
  watchPoints?: string[];
  /** The point among them the chart is about, where "Watch it run" starts. */
  watchStart?: number;
  /** Shows this chart alone, full screen (presentation mode). */
  onPresent?(): void;
  /** The chart gives a tour's open question away: it is drawn (and exported) once revealed. */
  withheld?: boolean;
}

/** One chart with its tools: paper overlay, analytical models, log axes, table, about, export and embed. */
export function ChartCard(props: Props) {
  const t = useT('explorer');
  const { spec, chart, choice, onChoice, hasReference, exportInfo, stale, onWatch } = props;
  const withheld = props.withheld === true;
  const question = useContext(OpenQuestion);
  const points = props.watchPoints ?? [];
  // Until a point is picked, the one the chart is about (its run may change it).
  const [picked, setWatchPoint] = useState<number | null>(null);
  const watchPoint = picked ?? props.watchStart ?? 0;
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  // Read from the address when the dialog opens, so it holds every choice made by then.
  const [embedUrl, setEmbedUrl] = useState('');
  // The log boxes show the axes as drawn, which a preset may make logarithmic.
  const kind = chartKind(chart.kind);
  const axes = kind.logAxes?.(chart.data) ?? null;
  const planes = kind.planes?.(chart.data) ?? null;
  // The CSV's columns keep their English names, whatever the page speaks.
  const exports = useChartExports(spec, chart, builtChartTable(chart), exportInfo);
  const present = props.onPresent ? (
    <button
      type="button"
      className="chart-present"
      onClick={props.onPresent}
      title={t('chartCard.presentTitle')}
    >
      {t('chartCard.present')}
    </button>
  ) : null;

  return (
    <figure className="chart-card" data-chart-card={spec.id} aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`}>{spec.title}</figcaption>
      {/* A chart held for a tour's question has nothing to set or export until it is drawn;
          it is presented all the same, the question projected before the class predicts. */}
      {withheld ? (
        present ? (
          <div
            className="chart-tools"
            role="toolbar"
            aria-label={t('chartCard.tools', { title: spec.title })}
          >
            {present}
          </div>
        ) : null
      ) : (
        <ChartTools
          spec={spec}
          choice={choice}
          onChoice={onChoice}
          hasReference={hasReference}
          axes={axes}
          planes={planes}
          present={present}
          exports={exports}
          onEmbed={() => {
            const { search, href } = window.location;
            setEmbedUrl(new URL(`embed.html${search}&chart=${spec.id}`, href).href);
            dialog.current?.showModal();
          }}
        />
      )}
      {/* Its points name the sweep's loads, one of which a question on saturation answers. */}
      {spec.watch && onWatch && !withheld && question === null ? (
        <ChartWatch
          spec={spec}
          viewTitle={VIEWS[spec.watch.view].title}
          points={points}
          point={watchPoint}
          onPoint={setWatchPoint}
          onWatch={onWatch}
        />
      ) : null}
      {exports.exportError ? (
        <p className="banner error" role="alert">
          {t('chartCard.exportFailed', { error: exports.exportError })}
        </p>
      ) : null}
      <StaleMark reason={stale}>
        <div className="chart-frame">
          {withheld ? (
            <p className="chart-withheld">{t('chartCard.withheld')}</p>
          ) : (
            <ChartView name={spec.id} title={spec.title} chart={chart} />
          )}
        </div>
      </StaleMark>
      {choice.table && !withheld ? (
        <DataTable
          table={builtChartTable(chart, PAGE_WORDS)}
          caption={t('chartCard.data', { title: spec.title })}
        />
      ) : null}
      <details className="about">
        <summary>{t('chartCard.about')}</summary>
        <dl>
          <dt>{t('chartCard.what')}</dt>
          <dd>{spec.about.what}</dd>
          <dt>{t('chartCard.mechanism')}</dt>
          <dd>{spec.about.mechanism}</dd>
          <dt>{t('chartCard.source')}</dt>
          <dd translate="no">{spec.about.citation}</dd>
        </dl>
      </details>
      <EmbedDialog dialog={dialog} id={id} title={spec.title} embedUrl={embedUrl} />
    </figure>
  );
}
