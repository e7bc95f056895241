// The followed goal's history under the goal view, with a button to go to its start; without
// one, how to follow a goal.
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
  const history = selected !== undefined ? goalHistory(model, selected, unit) : [];
  return (
    <>
      {selected !== undefined ? (
        <div className="goal-history" role="status">
          <strong>Goal {selected}</strong>
          {history.length > 0 ? (
            <ol>
              {history.map((line) => (
                <li key={line.text}>{line.text}</li>
              ))}
            </ol>
          ) : (
            <span>: nothing of it in this window.</span>
          )}
          {history.length > 0 ? (
            <button type="button" onClick={() => onTime?.(history[0]!.time)}>
              Go to its start
            </button>
          ) : null}
        </div>
      ) : (
        <p className="trace-note">Click a goal in the tree to follow its history.</p>
      )}
    </>
  );
}
