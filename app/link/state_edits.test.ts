import { describe, expect, it } from 'vitest';

import type { UrlState } from './link_types';
import { emptyState } from './link_types';
import { pageLayout, withPageLayout } from './state_edits';

describe('pageLayout() and withPageLayout()', () => {
  const right = { ...emptyState('multipsi-v1-comm'), params: { pes: 4 } };
  const tour: UrlState = {
    ...emptyState('multipsi-v1-comm'),
    layout: { kind: 'tour', tour: 'multipsi-tour', step: 1 },
  };

  it("read the layout a tour step opened, or the link's own", () => {
    expect(pageLayout(tour.layout)).toBeUndefined();
    const opened = withPageLayout(tour, { kind: 'side', right });
    expect(opened.layout).toEqual({ ...tour.layout, open: { kind: 'side', right } });
    expect(pageLayout(opened.layout)).toEqual({ kind: 'side', right });
    expect(pageLayout({ kind: 'side', right })).toEqual({ kind: 'side', right });
  });

  it("change the page's layout without leaving the tour, and drop it", () => {
    const opened = withPageLayout(tour, { kind: 'side', right });
    expect(withPageLayout(opened, undefined)).toEqual(tour);
    const alone = withPageLayout(emptyState('multipsi-v1-comm'), { kind: 'side', right });
    expect(alone.layout).toEqual({ kind: 'side', right });
    expect(withPageLayout(alone, undefined)).toEqual(emptyState('multipsi-v1-comm'));
  });
});
