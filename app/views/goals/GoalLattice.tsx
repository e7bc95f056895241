// The goal view's lattice: each PE with its ready stack, whether it is reducing and the goals
// suspended on it; goals thrown and messages on their way as arrows, a dot on each showing how
// far it has come (dashed: a value's return that wakes a suspended goal).
import { palette } from '../../charts/palette';
import { useT } from '../../i18n/i18n';
import type { GoalMessage, GoalMoment } from './goal_model';
import type { GoalLayout } from './goal_layout';
import { STATUS, kindColor } from './goal_status';

interface Props {
  layout: GoalLayout;
  pes: number;
  moment: GoalMoment;
  time: number;
  /** How long a PE shows as reducing after a reduction. */
  reductionMs: number;
  /** The deepest ready stack of the run: a full bar. */
  maxDepth: number;
}

export function GoalLattice({ layout, pes, moment, time, reductionMs, maxDepth }: Props) {
  const t = useT('views');
  const { at, box, latticeWidth, latticeHeight } = layout;
  const arrow = (m: GoalMessage, i: number) => {
    const a = at(m.from);
    const b = at(m.to);
    const progress = Math.min(1, Math.max(0, (time - m.start) / (m.end - m.start || 1)));
    const thrown = m.throws;
    const color = kindColor(m.kindIndex);
    // Bent a little, so messages both ways between two PEs do not overlap.
    const mx = (a.x + b.x) / 2 + (b.y - a.y) * 0.15;
    const my = (a.y + b.y) / 2 - (b.x - a.x) * 0.15;
    const px = (1 - progress) ** 2 * a.x + 2 * (1 - progress) * progress * mx + progress ** 2 * b.x;
    const py = (1 - progress) ** 2 * a.y + 2 * (1 - progress) * progress * my + progress ** 2 * b.y;
    return (
      <g key={i} className="goal-message">
        <path
          d={`M${a.x},${a.y} Q${mx},${my} ${b.x},${b.y}`}
          fill="none"
          stroke={color}
          strokeWidth={thrown ? 3 : 1.5}
          strokeDasharray={m.wakes ? '5 3' : undefined}
        />
        <circle cx={px} cy={py} r={thrown ? 5 : 3.5} fill={color}>
          <title>
            {t('goals.arrow', {
              kind: m.kind,
              from: m.from,
              to: m.to,
              goal: m.goal ? String(m.goal) : 'none',
              wakes: m.wakes ? 'yes' : 'no',
            })}
          </title>
        </circle>
      </g>
    );
  };

  return (
    <svg width={latticeWidth} height={latticeHeight} role="img" aria-label={t('goals.lattice')}>
      {Array.from({ length: pes }, (_, pe) => {
        const c = at(pe);
        const reducing = moment.lastReduction[pe]! > time - reductionMs;
        const depth = moment.ready[pe] ?? 0;
        const waiting = moment.suspended.filter((s) => s.pe === pe).length;
        return (
          <g
            key={pe}
            className="goal-pe"
            transform={`translate(${c.x - box / 2},${c.y - box / 2})`}
          >
            <rect
              width={box}
              height={box}
              rx={3}
              fill={reducing ? palette.yellow : 'var(--bg)'}
              stroke="var(--fg)"
              strokeWidth={reducing ? 2 : 1}
            />
            <rect
              x={box - 7}
              y={box - 2 - (box - 4) * (depth / maxDepth)}
              width={5}
              height={(box - 4) * (depth / maxDepth)}
              fill={STATUS.ready.color}
            />
            {/* On yellow (reducing) the number is dark in either theme. */}
            <text x={3} y={11} fontSize={10} fill={reducing ? '#1d232b' : 'var(--fg)'}>
              {pe}
            </text>
            {box >= 30 ? (
              <text x={3} y={box - 4} fontSize={9} fill="var(--muted)">
                {depth}
              </text>
            ) : null}
            {waiting > 0 ? (
              <circle cx={box - 4} cy={4} r={4} fill={STATUS.suspended.color}>
                <title>{t('goals.waitingOn', { n: waiting, pe })}</title>
              </circle>
            ) : null}
            <title>
              {t('goals.pe', {
                pe,
                depth,
                reducing: reducing ? 'yes' : 'no',
                waiting: waiting > 0 ? String(waiting) : 'none',
              })}
            </title>
          </g>
        );
      })}
      {moment.inFlight.map(arrow)}
    </svg>
  );
}
