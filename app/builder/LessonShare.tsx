// The lesson's ways out and in: preview it as a student, copy its link (the whole lesson in it),
// download it as a file in the tours' own schema, or open such a file into the builder. Each
// says in words what it did, or why it could not.
import { useRef, useState } from 'react';

import type { ModelInfo } from '../engine/types';
import type { Preset } from '../presets/schema';
import type { Tour } from '../tours/schema';
import { lessonSnippet } from '../link/embed_snippet';
import { unfinished } from './lesson_checks';
import { copyText } from '../ui/clipboard';
import { lessonFileName, lessonFileText } from '../lessons/lesson_file';
import { lessonLink } from '../lessons/lesson_link';
import { MAX_LESSON_CHARS, readLesson } from '../lessons/read_lesson';

/** The page's address without its query: where a lesson link opens. */
function pageBase(): string {
  return `${window.location.origin}${window.location.pathname}`;
}

function download(tour: Tour) {
  const blob = new Blob([lessonFileText(tour)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = lessonFileName(tour);
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
  const [said, setSaid] = useState<{ text: string; problems?: string[] } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const refuse = (): boolean => {
    const why = unfinished(tour);
    if (why) setSaid({ text: `The lesson is not finished: ${why} (see the checks).` });
    return why !== null;
  };
  const ready = props.waiting === null;
  /** Copies the lesson's link, or its frame (`embed`) for a course page. */
  const copy = (embed: boolean) => {
    if (refuse()) return;
    const link = lessonLink(tour, pageBase());
    if ('tooLong' in link) {
      const { chars, limit } = link.tooLong;
      setSaid({
        text: `The lesson is too large for a link (${chars.toLocaleString('en')} characters; a link holds ${limit.toLocaleString('en')}): use Download lesson to share it as a file.`,
      });
      return;
    }
    const text = embed ? lessonSnippet(link.url, `${tour.title}: a lesson in archex`) : link.url;
    copyText(text).then(
      () =>
        setSaid({
          text: embed
            ? 'Embed code copied: paste it into a course page to show the whole lesson in a frame.'
            : 'Lesson link copied: students open it with nothing installed.',
        }),
      () => setSaid({ text: `Copy failed: copy this by hand: ${text}` }),
    );
  };
  const open = async (file: File) => {
    if (file.size > MAX_LESSON_CHARS) {
      setSaid({
        text: `${file.name} is too large for a lesson (over ${MAX_LESSON_CHARS.toLocaleString('en')} bytes).`,
      });
      return;
    }
    const read = readLesson(await file.text(), presets, models);
    if (!read.lesson) {
      setSaid({ text: `${file.name} could not be opened as a lesson.`, problems: read.refused });
      return;
    }
    props.onOpened(read.lesson);
    setSaid({
      text:
        read.refused.length > 0
          ? `Opened ${file.name}, without what could not be read:`
          : `Opened ${file.name}.`,
      problems: read.refused,
    });
  };
  return (
    <section className="lesson-share" aria-label="Share the lesson">
      {props.waiting ? <p className="lesson-hint">{props.waiting}</p> : null}
      <div className="step-actions">
        <button type="button" disabled={!ready} onClick={() => !refuse() && props.onPreview()}>
          Preview as a student
        </button>
        <button type="button" disabled={!ready} onClick={() => copy(false)}>
          Copy lesson link
        </button>
        <button type="button" disabled={!ready} onClick={() => copy(true)}>
          Copy embed code
        </button>
        <button type="button" disabled={!ready} onClick={() => !refuse() && download(tour)}>
          Download lesson
        </button>
        <button type="button" onClick={() => input.current?.click()}>
          Open lesson file
        </button>
        <input
          ref={input}
          type="file"
          accept=".json,application/json"
          hidden
          aria-label="Lesson file"
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
