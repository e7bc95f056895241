// The trace views by kind: what each is called, what it shows, and its component, loaded when it
// is first opened (the views and their compute stay out of the page's first load).
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazy } from 'react';

import type { ViewKind, ViewProps } from '../presets/view_kinds';

export interface ViewEntry {
  title: string;
  /** One sentence under the title: what the view draws. */
  about: string;
  component: LazyExoticComponent<ComponentType<ViewProps>>;
}

export const VIEWS: Record<ViewKind, ViewEntry> = {
  packets: {
    title: 'Packet view',
    about:
      'Each packet is a worm of flits crossing the network cycle by cycle: blocked heads are ' +
      'marked with why they wait, each input shows its buffer, a circuit shows the channels it holds.',
    component: lazy(() => import('./packets/PacketView').then((m) => ({ default: m.PacketView }))),
  },
  goals: {
    title: 'Goal view',
    about:
      'Goals reduced on each PE, thrown between PEs on the lattice, suspended on a remote ' +
      'reference and woken by a message; each PE with its ready stack, and the goal tree growing.',
    component: lazy(() => import('./goals/GoalView').then((m) => ({ default: m.GoalView }))),
  },
  timeline: {
    title: 'Timeline',
    about:
      'One row per node, coloured by what it does over time, with messages as arrows between ' +
      'rows; drag or scroll to pan and zoom, click a span to say what it is.',
    component: lazy(() =>
      import('./timeline/TraceTimeline').then((m) => ({ default: m.TraceTimeline })),
    ),
  },
};
