// The tour a page plays: a teacher's lesson carried in the link, or a built-in tour by its id.
import type { Layout } from '../link/url_state';
import { tours } from '../tours/bundled';
import type { Tour } from '../tours/schema';

/** The tour a layout's step belongs to: the lesson it carries, else the built-in tour it names. */
export function layoutTour(layout: Layout | undefined): Tour | undefined {
  if (layout?.kind !== 'tour') return undefined;
  // The link holds a lesson only as readLesson returned it or lessonState wrote it (both in the
  // tours' schema); the link's room, below the tours', knows no more of it than its steps.
  return (layout.lesson as Tour | undefined) ?? tours.find((t) => t.id === layout.tour);
}
