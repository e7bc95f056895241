// The trace views by kind: what each is called, what it shows, and its component, loaded when it
// is first opened (the views and their compute stay out of the page's first load).
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazy } from 'react';

import type { ViewKind, ViewProps } from '../presets/view_kinds';
import { vt } from './view_words';

export interface ViewEntry {
  /** In the reader's language, read when drawn. */
  readonly title: string;
  /** One sentence under the title: what the view draws. */
  readonly about: string;
  /** The chart's button that opens the view ("Open the packet view"). */
  readonly open: string;
  component: LazyExoticComponent<ComponentType<ViewProps>>;
}

export const VIEWS: Record<ViewKind, ViewEntry> = {
  packets: {
    get title() {
      return vt('registry.packets.title');
    },
    get about() {
      return vt('registry.packets.about');
    },
    get open() {
      return vt('registry.packets.open');
    },
    component: lazy(() => import('./packets/PacketView').then((m) => ({ default: m.PacketView }))),
  },
  goals: {
    get title() {
      return vt('registry.goals.title');
    },
    get about() {
      return vt('registry.goals.about');
    },
    get open() {
      return vt('registry.goals.open');
    },
    component: lazy(() => import('./goals/GoalView').then((m) => ({ default: m.GoalView }))),
  },
  timeline: {
    get title() {
      return vt('registry.timeline.title');
    },
    get about() {
      return vt('registry.timeline.about');
    },
    get open() {
      return vt('registry.timeline.open');
    },
    component: lazy(() =>
      import('./timeline/TraceTimeline').then((m) => ({ default: m.TraceTimeline })),
    ),
  },
};
