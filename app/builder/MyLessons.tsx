// The teacher's lessons in this browser, the open one marked: open another, start a new one, or
// delete one (the only way one is lost, and one Undo away until the next change).
import type { TFunction } from 'i18next';

import { useReading, useT } from '../i18n/i18n';
import { PSEUDO, SOURCE_LANG } from '../i18n/languages';
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

const titleOf = (lesson: KeptLesson, t: TFunction) => lesson.draft.title || t('myLessons.untitled');

export function MyLessons(props: Props) {
  const t = useT('teaching');
  const { lang } = useReading();
  // The browser's own way with dates, unless the reader chose another language than the source's.
  const locale = lang === SOURCE_LANG || lang === PSEUDO ? undefined : lang;
  const changed = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className="my-lessons" aria-labelledby="my-lessons-title">
      <h3 id="my-lessons-title">{t('myLessons.title')}</h3>
      {props.deleted ? (
        <p className="banner" role="status">
          {t('myLessons.deleted', { title: titleOf(props.deleted, t) })}{' '}
          <button type="button" onClick={props.onUndoDelete}>
            {t('myLessons.undo')}
          </button>
        </p>
      ) : null}
      <ul>
        {byChange(props.lessons).map((lesson) => {
          const open = lesson.id === props.current;
          const steps = lesson.draft.steps.length;
          return (
            <li key={lesson.id} aria-current={open ? 'true' : undefined}>
              <span className="my-lesson-title">{titleOf(lesson, t)}</span>{' '}
              <span className="my-lesson-facts">
                {t('myLessons.facts', {
                  steps,
                  changed: changed.format(lesson.changed),
                  open: open ? 'yes' : 'no',
                })}
              </span>{' '}
              {open ? null : (
                <button
                  type="button"
                  aria-label={t('myLessons.openLabel', { title: titleOf(lesson, t) })}
                  onClick={() => props.onOpen(lesson.id)}
                >
                  {t('myLessons.open')}
                </button>
              )}{' '}
              <button
                type="button"
                aria-label={t('myLessons.deleteLabel', { title: titleOf(lesson, t) })}
                onClick={() => props.onDelete(lesson.id)}
              >
                {t('myLessons.delete')}
              </button>
            </li>
          );
        })}
      </ul>
      <button type="button" onClick={props.onNew}>
        {t('myLessons.new')}
      </button>
    </section>
  );
}
