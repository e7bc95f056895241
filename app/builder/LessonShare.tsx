// The lesson's ways out and in: preview it as a student, copy its link (the whole lesson in it),
// download it as a file in the tours' own schema (a draft, marked so, while it is not finished),
// or open such a file into the builder. Each says in words what it did, or why it could not, for
// as long as the lesson is the one it said it of.
import { useMemo, useRef, useState } from 'react';

import type { ModelInfo } from '../engine/types';
import { useT } from '../i18n/i18n';
import type { Preset } from '../presets/schema';
import type { Tour } from '../tours/schema';
import { compactLessonSnippet, lessonSnippet } from '../link/embed_snippet';
import { unfinished } from './lesson_checks';
import { copyText } from '../ui/clipboard';
import { readLessonFile } from '../lessons/lesson_draft';
import { compactLessonLink, lessonLink } from '../lessons/lesson_link';
import { MAX_LESSON_CHARS } from '../lessons/read_lesson';
import { worksheetHref } from '../tours/worksheet';
import type { Said } from './builder_status';
import { lessonDownload, lessonKey, saidNow } from './builder_status';

/** The page's address without its query: where a lesson link opens. */
function pageBase(): string {
  return `${window.location.origin}${window.location.pathname}`;
}

function download(name: string, text: string) {
  const blob = new Blob([text], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

export function LessonShare(props: {
  tour: Tour;
  presets: Preset[];
  models: ModelInfo[];
  /** Why nothing can go out yet (no steps, steps still being checked), or null. */
  waiting: string | null;
  onPreview(): void;
  onOpened(tour: Tour): void;
}) {
  const { tour, presets, models } = props;
  const t = useT('teaching');
  const [kept, setKept] = useState<Said | null>(null);
  // Said of the lesson as it is now (or of the lesson opened): gone once it changes.
  const said = saidNow(kept, tour);
  const setSaid = (words: Omit<Said, 'about'>, about = lessonKey(tour)) =>
    setKept({ ...words, about });
  const input = useRef<HTMLInputElement>(null);
  const refuse = (): boolean => {
    const why = unfinished(tour);
    if (why) setSaid({ text: t('share.notFinished', { why }) });
    return why !== null;
  };
  const ready = props.waiting === null;
  // Written again only when the lesson or its checking changes, not on every render.
  const out = useMemo(() => lessonDownload(tour, !ready), [tour, ready]);
  /**
   * Copies the lesson's link, or a frame for a course page: of the whole explorer (`embed`), or
   * of the compact view, the step's panel and charts alone (`compact`).
   */
  const copy = (kind: 'link' | 'embed' | 'compact') => {
    if (refuse()) return;
    const link = (kind === 'compact' ? compactLessonLink : lessonLink)(tour, pageBase());
    if ('tooLong' in link) {
      const { chars, limit } = link.tooLong;
      setSaid({ text: t('share.tooLong', { chars, limit }) });
      return;
    }
    const title = t('share.embedTitle', { title: tour.title });
    const text =
      kind === 'embed'
        ? lessonSnippet(link.url, title)
        : kind === 'compact'
          ? compactLessonSnippet(link.url, title)
          : link.url;
    copyText(text).then(
      () =>
        setSaid({
          text: {
            link: t('share.linkCopied'),
            embed: t('share.embedCopied'),
            compact: t('share.compactCopied'),
          }[kind],
        }),
      () => setSaid({ text: t('share.copyFailed', { text }) }),
    );
  };
  const open = async (file: File) => {
    if (file.size > MAX_LESSON_CHARS) {
      setSaid({ text: t('share.fileTooLarge', { name: file.name, max: MAX_LESSON_CHARS }) });
      return;
    }
    const read = readLessonFile(await file.text(), presets, models);
    if (!read.lesson) {
      setSaid({ text: t('share.notALesson', { name: file.name }), problems: read.refused });
      return;
    }
    props.onOpened(read.lesson);
    const why = read.draft ? unfinished(read.lesson) : null;
    setSaid(
      {
        text: t('share.opened', {
          name: file.name,
          state: why ? 'draftWhy' : read.draft ? 'draft' : 'lesson',
          why: why ?? '',
          refused: read.refused.length > 0 ? 'yes' : 'no',
        }),
        problems: read.refused,
      },
      lessonKey(read.lesson),
    );
  };
  return (
    <section className="lesson-share" aria-label={t('share.label')}>
      {props.waiting ? <p className="lesson-hint">{props.waiting}</p> : null}
      <div className="step-actions">
        <button type="button" disabled={!ready} onClick={() => !refuse() && props.onPreview()}>
          {t('share.preview')}
        </button>
        <button type="button" disabled={!ready} onClick={() => copy('link')}>
          {t('share.copyLink')}
        </button>
        <button type="button" disabled={!ready} onClick={() => copy('embed')}>
          {t('share.copyEmbed')}
        </button>
        <button type="button" disabled={!ready} onClick={() => copy('compact')}>
          {t('share.copyCompact')}
        </button>
        <button
          type="button"
          onClick={() => {
            download(out.name, out.text);
            setSaid({ text: out.said });
          }}
        >
          {out.draft ? t('share.downloadDraft') : t('share.downloadLesson')}
        </button>
        <button
          type="button"
          disabled={!ready}
          onClick={() => {
            if (refuse()) return;
            window.open(worksheetHref(tour), '_blank', 'noopener');
            setSaid({ text: t('share.worksheetOpens') });
          }}
        >
          {t('share.print')}
        </button>
        <button type="button" onClick={() => input.current?.click()}>
          {t('share.openFile')}
        </button>
        <input
          ref={input}
          type="file"
          accept=".json,application/json"
          hidden
          aria-label={t('share.fileLabel')}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void open(file);
          }}
        />
      </div>
      <div role="status" className="lesson-said">
        {said ? (
          <>
            <p>{said.text}</p>
            {said.problems && said.problems.length > 0 ? (
              <ul>
                {said.problems.map((p, i) => (
                  <li key={i}>{p}</li>
                ))}
              </ul>
            ) : null}
          </>
        ) : null}
      </div>
    </section>
  );
}
