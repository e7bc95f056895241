// The teacher's lessons in this browser, the open one marked: open another, start a new one, or
// delete one (the only way one is lost, and one Undo away until the next change).
import type { KeptLesson } from './draft_store';
import { byChange } from './lessons';

interface Props {
  lessons: KeptLesson[];
  current: string;
  onOpen(id: string): void;
  onNew(): void;
  onDelete(id: string): void;
  /** The lesson just deleted, which Undo brings back. */
  deleted: KeptLesson | null;
  onUndoDelete(): void;
}

const titleOf = (lesson: KeptLesson) => lesson.draft.title || 'Untitled lesson';

export function MyLessons(props: Props) {
  const changed = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className="my-lessons" aria-labelledby="my-lessons-title">
      <h3 id="my-lessons-title">My lessons</h3>
      {props.deleted ? (
        <p className="banner" role="status">
          Deleted “{titleOf(props.deleted)}”.{' '}
          <button type="button" onClick={props.onUndoDelete}>
            Undo
          </button>
        </p>
      ) : null}
      <ul>
        {byChange(props.lessons).map((lesson) => {
          const open = lesson.id === props.current;
          const steps = lesson.draft.steps.length;
          return (
            <li key={lesson.id} aria-current={open ? 'true' : undefined}>
              <span className="my-lesson-title">{titleOf(lesson)}</span>{' '}
              <span className="my-lesson-facts">
                {steps} step{steps === 1 ? '' : 's'}, changed {changed.format(lesson.changed)}
                {open ? ' (open)' : ''}
              </span>{' '}
              {open ? null : (
                <button
                  type="button"
                  aria-label={`Open “${titleOf(lesson)}”`}
                  onClick={() => props.onOpen(lesson.id)}
                >
                  Open
                </button>
              )}{' '}
              <button
                type="button"
                aria-label={`Delete “${titleOf(lesson)}”`}
                onClick={() => props.onDelete(lesson.id)}
              >
                Delete
              </button>
            </li>
          );
        })}
      </ul>
      <button type="button" onClick={props.onNew}>
        Start a new lesson
      </button>
    </section>
  );
}
