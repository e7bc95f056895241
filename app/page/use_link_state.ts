// The page's state as its link holds it: read from the address at first and on back and forward,
// written back as the state changes, with a history entry for each place.
import { useCallback, useState } from 'react';

import { useReading } from '../i18n/i18n';
import { withLang } from '../link/lang_param';
import type { UrlContext, UrlState } from '../link/url_state';
import { pageLayout, parseUrlState, serializeUrlState } from '../link/url_state';
import { layoutTour } from '../lessons/playing';
import { stepState } from '../tours/schema';
import { useUrlHistory } from './use_url_history';

/**
 * A link to a tour's step that lacks the layout the step opens (written by hand, or by a tool
 * that knows only the step) opens it: the step's words and question read both sides.
 */
function withStepLayout<T extends { state: UrlState }>(parsed: T): T {
  const layout = parsed.state.layout;
  if (layout?.kind !== 'tour' || layout.open) return parsed;
  const tour = layoutTour(layout);
  const open = tour?.steps[layout.step] ? stepState(tour, layout.step).layout : undefined;
  return open ? { ...parsed, state: { ...parsed.state, layout: { ...layout, open } } } : parsed;
}

export function useLinkState(ctx: UrlContext) {
  const [initial] = useState(() => withStepLayout(parseUrlState(window.location.search, ctx)));
  const [state, setState] = useState<UrlState>(initial.state);
  const [dropped, setDropped] = useState(initial.dropped);
  // The reader's language goes in the link once they chose it (by a link, or the menu).
  const reading = useReading();
  const search = withLang(serializeUrlState(state), reading.chosen ? reading.lang : undefined);
  const onPop = useCallback(
    (query: string) => {
      const parsed = withStepLayout(parseUrlState(query, ctx));
      setState(parsed.state);
      setDropped(parsed.dropped);
    },
    [ctx],
  );
  // A history entry for each experiment, layout and tour step, so back and forward move
  // between them.
  const layout = state.layout;
  // What shapes the page: side by side or every machine, the link's own or a tour step's.
  const page = pageLayout(layout);
  const place = `${state.presetId ?? ''}|${layout?.kind ?? ''}|${
    layout?.kind === 'tour' ? `${layout.tour}/${layout.step}` : ''
  }|${page?.kind ?? ''}|${state.present ? 'present' : ''}`;
  useUrlHistory(search, place, onPop);
  return { state, setState, dropped, setDropped, search, page };
}
