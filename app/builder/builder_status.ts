// What the builder's status lines say, as pure functions, so that each says only what is true of
// the lesson as it is now: a message about a version of the lesson (a link copied, a file
// written or opened) goes once the lesson changes, and the checks' count does not claim a
// lesson free of problems while a step is still being checked.
import { i18n } from '../i18n/i18n';
import type { Tour } from '../tours/schema';
import { draftFileName, draftFileText } from '../lessons/lesson_draft';
import { lessonFileName, lessonFileText } from '../lessons/lesson_file';
import { unfinished } from './lesson_checks';

/** The lesson as a teacher writes it (its id follows its title): what a message is about. */
export function lessonKey(tour: Pick<Tour, 'title' | 'audience' | 'summary' | 'steps'>): string {
  return JSON.stringify([tour.title, tour.audience, tour.summary, tour.steps]);
}

/** A message of the share area, and the lesson it was said of (lessonKey). */
export interface Said {
  text: string;
  problems?: string[];
  about: string;
}

/** `said`, while the lesson is still the one it was said of; else nothing. */
export function saidNow(said: Said | null, tour: Tour): Said | null {
  return said && said.about === lessonKey(tour) ? said : null;
}

/** The Checks line: how many problems, and how many steps are still being checked. */
export function checksLine(steps: number, problems: number, running: number): string {
  if (steps === 0) return i18n.t('teaching:status.noSteps');
  return i18n.t('teaching:status.checks', { problems, running });
}

/** A file the builder writes, and what it says of it. */
export interface LessonDownload {
  name: string;
  text: string;
  said: string;
  draft: boolean;
}

/**
 * The lesson as a file: finished and checked, the lesson itself (presets/tours/ takes it as it
 * is); else a draft marked so, which Open lesson file opens again, saying why it is one.
 */
export function lessonDownload(tour: Tour, checking: boolean): LessonDownload {
  const why = unfinished(tour) ?? (checking ? i18n.t('teaching:status.stillChecking') : null);
  if (why === null) {
    const name = lessonFileName(tour);
    return {
      name,
      text: lessonFileText(tour),
      said: i18n.t('teaching:status.downloaded', { name }),
      draft: false,
    };
  }
  const name = draftFileName(tour);
  return {
    name,
    text: draftFileText(tour),
    said: i18n.t('teaching:status.downloadedDraft', { name, why }),
    draft: true,
  };
}
