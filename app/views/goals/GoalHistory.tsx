// The followed goal's history under the goal view, with a button to go to its start; without
// one, how to follow a goal.
import { useT } from '../../i18n/i18n';
import type { GoalModel } from './goal_model';
import { goalHistory } from './goal_model';

interface Props {
  model: GoalModel;
  selected: number | undefined;
  /** The unit of the trace's times. */
  unit: string;
  onTime: ((time: number) => void) | undefined;
}

export function GoalHistory({ model, selected, unit, onTime }: Props) {
  const t = useT('views');
  const history = selected !== undefined ? goalHistory(model, selected, unit) : [];
  return (
    <>
      {selected !== undefined ? (
        <div className="goal-history" role="status">
          <strong>{t('goals.goal', { goal: selected })}</strong>
          {history.length > 0 ? (
            <ol>
              {history.map((line) => (
                <li key={line.text}>{line.text}</li>
              ))}
            </ol>
          ) : (
            <span>{t('goals.nothing')}</span>
          )}
          {history.length > 0 ? (
            <button type="button" onClick={() => onTime?.(history[0]!.time)}>
              {t('detail.toStart')}
            </button>
          ) : null}
        </div>
      ) : (
        <p className="trace-note">{t('goals.clickHint')}</p>
      )}
    </>
  );
}
