// The lesson builder on the page: whether it is open, the teacher's lessons (kept in this
// browser's storage, the one being written open), and the preview that walks the lesson as a
// student, with the way back.
import type { ReactNode } from 'react';
import { Suspense, lazy, useEffect, useState } from 'react';

import type { Engine } from '../engine/engine';
import { useT } from '../i18n/i18n';
import type { IdleBoard } from '../ui/page_idle';
import type { ModelInfo } from '../engine/types';
import type { UrlState } from '../link/url_state';
import { pinsForStep } from '../link/url_state';
import type { Preset } from '../presets/schema';
import type { Tour, TourStep } from '../tours/schema';
import { stepState } from '../tours/schema';
import { EMPTY_DRAFT, draftTour, tourDraft } from '../builder/draft';
import type { KeptLesson, KeptLessons } from '../builder/draft_store';
import { loadLessons, newLessonId, saveLessons } from '../builder/draft_store';
import {
  addLesson,
  currentLesson,
  deleteLesson,
  editCurrent,
  firstLessons,
  isBlank,
  openLesson,
  restoreLesson,
} from '../builder/lessons';
import { MyLessons } from '../builder/MyLessons';
import { lessonState } from '../lessons/lesson_link';

/**
 * The builder, loaded when first opened: a student's page never needs it. A chunk that cannot load
 * (offline before the site was kept) says so in words.
 */
const LessonBuilder = lazy(() =>
  import('../builder/LessonBuilder').then(
    (m) => ({ default: m.LessonBuilder }),
    (e: unknown) => ({
      default: function LoadFailed() {
        const t = useT('teaching');
        return (
          <p className="banner error" role="alert">
            {t('builder.loadFailed', { error: e instanceof Error ? e.message : String(e) })}
          </p>
        );
      },
    }),
  ),
);

/** The page's own fields a step's state keeps: the theme and the pins on its experiment. */
function keepPage(s: UrlState, next: UrlState): UrlState {
  return {
    ...next,
    pins: next.presetId ? pinsForStep(s.pins, next.presetId) : [],
    ...(s.theme ? { theme: s.theme } : {}),
  };
}

export function useLessonBuilder(props: {
  engine: Engine;
  board: IdleBoard;
  presets: Preset[];
  models: ModelInfo[];
  state: UrlState;
  setState(update: (state: UrlState) => UrlState): void;
}) {
  const { state, setState } = props;
  const t = useT('teaching');
  const [kept, setKept] = useState<KeptLessons>(
    () => loadLessons() ?? firstLessons(newLessonId(), Date.now()),
  );
  const draft = currentLesson(kept).draft;
  const { open } = kept;
  const setOpen = (next: boolean) => setKept((k) => ({ ...k, open: next }));
  // Whether this browser keeps the lessons is known from the first save.
  const [storageNote] = useState(() => saveLessons(kept));
  // The lesson last deleted, until the teacher goes on: one Undo away.
  const [deleted, setDeleted] = useState<KeptLesson | null>(null);
  const change = (update: (k: KeptLessons) => KeptLessons) => {
    setDeleted(null);
    setKept(update);
  };
  // The explorer's state when the preview began, to go back to, and the lesson previewed.
  const [previewFrom, setPreviewFrom] = useState<{ state: UrlState; tour: string } | null>(null);
  useEffect(() => {
    saveLessons(kept);
  }, [kept]);

  const openBuilder = () => {
    setOpen(true);
    requestAnimationFrame(() => document.getElementById('lesson-builder-title')?.focus());
  };
  const preview = (tour: Tour) => {
    setPreviewFrom({ state, tour: tour.id });
    setState((s) => keepPage(s, lessonState(tour)));
  };
  const showStep = (step: TourStep) => {
    const { layout, ...pane } = stepState({ ...draftTour(draft), steps: [step] }, 0);
    setState((s) => keepPage(s, { ...pane, pins: [], ...(layout ? { layout } : {}) }));
  };
  const endPreview = () => {
    const back = previewFrom;
    setPreviewFrom(null);
    if (back) setState(() => back.state);
  };
  // While the lesson is previewed the builder stays out of sight: it shows every answer.
  // Leaving the lesson (closing it, the start page) ends the preview.
  const previewing =
    previewFrom !== null && state.layout?.kind === 'tour' && state.layout.tour === previewFrom.tour;
  const builder: ReactNode =
    open && !previewing ? (
      <Suspense fallback={<p className="banner">{t('builder.loading')}</p>}>
        <LessonBuilder
          engine={props.engine}
          board={props.board}
          presets={props.presets}
          models={props.models}
          state={state}
          draft={draft}
          onDraft={(update) => change((k) => editCurrent(k, update, Date.now()))}
          storageNote={storageNote}
          onClose={() => setOpen(false)}
          onShowStep={showStep}
          onPreview={preview}
          onOpened={(tour) =>
            change((k) => addLesson(k, tourDraft(tour), newLessonId(), Date.now()))
          }
          lessons={
            <MyLessons
              lessons={kept.lessons}
              current={kept.current}
              onOpen={(id) => change((k) => openLesson(k, id))}
              onNew={() => change((k) => addLesson(k, EMPTY_DRAFT, newLessonId(), Date.now()))}
              onDelete={(id) => {
                const lesson = kept.lessons.find((l) => l.id === id) ?? null;
                setKept((k) => deleteLesson(k, id, newLessonId(), Date.now()));
                setDeleted(lesson);
              }}
              deleted={deleted}
              onUndoDelete={() => {
                if (deleted) setKept((k) => restoreLesson(k, deleted));
                setDeleted(null);
              }}
            />
          }
        />
      </Suspense>
    ) : null;
  const previewBar: ReactNode = previewing ? (
    <div className="banner lesson-preview-bar" role="status">
      {t('builder.previewing', { untitled: draft.title ? 'no' : 'yes', title: draft.title })}{' '}
      <button type="button" onClick={endPreview}>
        {t('builder.back')}
      </button>
    </div>
  ) : null;
  /** A tour (built in, or a lesson a link carries) opened in the builder as a lesson of its own. */
  const editTour = (tour: Tour) => {
    change((k) => ({ ...addLesson(k, tourDraft(tour), newLessonId(), Date.now()), open: true }));
    requestAnimationFrame(() => document.getElementById('lesson-builder-title')?.focus());
  };
  // What opens the builder says what it opens: the lessons kept, or a new one where none is.
  const opens = kept.lessons.every((l) => isBlank(l.draft))
    ? t('builder.opensNew')
    : t('builder.opensMine');
  return {
    builder,
    previewBar,
    openBuilder,
    // A lesson previewed is the one being written: no copy of it is made from its panel.
    editTour: previewing ? undefined : editTour,
    opens,
    builderOpen: open && !previewing,
  };
}
