// A class's answers to a step, drawn: a dot plot or histogram of the numbers in the question's
// unit, or a bar a choice; the run's answer marked once revealed, and the reader's own.
import { useT } from '../i18n/i18n';
import { formatReadable } from '../results/format';
import type { QuestionSpec } from '../tours/schema';
import { choiceCounts, median, mineNumber, numberPlot, truthNumber } from './answer_plot';
import type { Prediction, Truth } from './protocol';
import './classroom.css';

interface Props {
  question: QuestionSpec;
  /** The unit predictions are typed in ("cycles", "%"); null when none. */
  unit: string | null;
  values: number[];
  choices: number[];
  /** The run's answer: marked only once revealed. */
  truth?: Truth;
  /** The reader's own prediction (a student's), marked "you". */
  mine?: Prediction;
}

const W = 560;
const AXIS = 28;
const DOT = 9;
/** The tallest the plot above the axis grows: a histogram's bars, or a column of this many dots. */
const PLOT_H = 120;

const number = (v: number) => formatReadable(v, { unit: '' });

export function AnswerChart(props: Props) {
  const { question } = props;
  return question.kind === 'choice' ? (
    <ChoiceBars {...props} labels={question.choices.map((c) => c.label)} />
  ) : (
    <NumberDots {...props} />
  );
}

function NumberDots({ unit, values, truth, mine }: Props) {
  const t = useT('teaching');
  const n = values.length;
  const truthValue = truthNumber(truth);
  const plot = numberPlot(values, truthValue, mineNumber(mine));
  const mid = median(values);
  const withUnit = (v: number) => `${number(v)}${unit ? ` ${unit}` : ''}`;
  const summary =
    n === 0
      ? t('answerChart.noNumbers')
      : t('answerChart.summary', {
          n,
          middle: withUnit(mid!),
          min: withUnit(Math.min(...values)),
          max: withUnit(Math.max(...values)),
        });
  const x = (f: number) => 8 + f * (W - 16);
  // Dots stack a column a bin, the plot as tall as its tallest column (room above for the
  // labels); past MOST_DOTS, or a column too tall, the bins are bars scaled to the tallest.
  const rows = Math.floor((PLOT_H - 8) / DOT);
  const bars = plot.kind === 'histogram' || plot.tallest > rows;
  const plotH = bars ? PLOT_H : Math.max(40, plot.tallest * DOT + 34);
  const H = plotH + AXIS;
  return (
    <figure className="class-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={summary}>
        {plot.bins.map((b, i) => {
          if (b.count === 0) return null;
          const cx = x((b.x0 + b.x1) / 2);
          if (bars) {
            const h = (b.count / plot.tallest) * (plotH - 14);
            return (
              <g key={i} className="class-bar">
                <rect x={x(b.x0) + 1} width={x(b.x1) - x(b.x0) - 2} y={plotH - h} height={h} />
                <text x={cx} y={plotH - h - 3} textAnchor="middle">
                  {b.count}
                </text>
              </g>
            );
          }
          return Array.from({ length: b.count }, (_, k) => (
            <circle
              key={`${i}-${k}`}
              className="class-dot"
              cx={cx}
              cy={plotH - DOT / 2 - k * DOT}
              r={DOT / 2 - 0.5}
            />
          ));
        })}
        <line className="class-axis" x1={x(0)} x2={x(1)} y1={plotH} y2={plotH} />
        {plot.ticks.map((tick) => (
          <text
            key={tick.value}
            className="class-tick"
            x={x(tick.x)}
            y={plotH + 16}
            textAnchor="middle"
          >
            {number(tick.value)}
          </text>
        ))}
        {plot.mine !== null ? (
          <g className="class-mine">
            <line x1={x(plot.mine)} x2={x(plot.mine)} y1={4} y2={plotH} />
            <text x={x(plot.mine)} y={12} textAnchor={plot.mine > 0.8 ? 'end' : 'start'} dx={4}>
              {t('answerChart.you')}
            </text>
          </g>
        ) : null}
        {plot.truth !== null && truth && 'text' in truth ? (
          <g className="class-truth">
            <line x1={x(plot.truth)} x2={x(plot.truth)} y1={4} y2={plotH} />
            <text x={x(plot.truth)} y={26} textAnchor={plot.truth > 0.6 ? 'end' : 'start'} dx={4}>
              {t('answerChart.theRun', { answer: truth.text })}
            </text>
          </g>
        ) : null}
      </svg>
      <figcaption>
        {t('answerChart.caption', {
          summary,
          unit: unit ?? '',
          scale: unit ? (plot.log ? 'unitLog' : 'unit') : plot.log ? 'log' : 'none',
        })}
      </figcaption>
    </figure>
  );
}

function ChoiceBars({ choices, truth, mine, labels }: Props & { labels: string[] }) {
  const t = useT('teaching');
  const counts = choiceCounts(choices, labels.length);
  const total = counts.reduce((a, b) => a + b, 0);
  const right = truth && 'right' in truth ? truth.right : null;
  const mineChoice = mine && 'choice' in mine ? mine.choice : null;
  return (
    <figure className="class-chart">
      <ol className="class-choices">
        {labels.map((label, i) => {
          const share = total === 0 ? 0 : counts[i]! / total;
          return (
            <li key={i} data-right={right === i || undefined}>
              <span className="class-choice-label">
                {label}
                {right === i ? <strong> ✓ {t('answerChart.runsAnswer')}</strong> : null}
                {mineChoice === i ? <em> {t('answerChart.yourChoice')}</em> : null}
              </span>
              <span className="class-choice-bar" aria-hidden="true">
                <span style={{ width: `${share * 100}%` }} />
              </span>
              <span className="class-choice-count">
                {counts[i]} ({Math.round(share * 100)} %)
              </span>
            </li>
          );
        })}
      </ol>
      <figcaption>{t('answerChart.answers', { total })}</figcaption>
    </figure>
  );
}
