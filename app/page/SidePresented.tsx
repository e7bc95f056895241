// Side by side presented: one chart of both runs full screen, with the tour's step and what
// differs beside it; while a tour's question is open, only the side it builds on.
import type { ReactNode } from 'react';

import type { AxisOverrides } from '../chart_kinds/shared_axes';
import type { Difference } from '../results/differences';
import type { SideNames } from '../results/side_figure';
import { DifferencesTable } from './DifferencesTable';
import type { PaneDrawn } from './PaneSlot';
import { PresentationFrame } from './PresentationFrame';
import { useT } from '../i18n/i18n';
import { PairSide, SideFigure } from './SideFigure';
import type { BothChart } from './use_side_exports';

export function SidePresented({
  title,
  both,
  presented,
  onPresent,
  tour,
  differences,
  held,
  context,
  left,
  right,
  names,
  axes,
}: {
  title: string;
  both: BothChart[];
  presented: BothChart | undefined;
  onPresent(chart: string | null): void;
  /** The tour's step beside the figure; its arrows then step the tour. */
  tour: ReactNode | undefined;
  differences: Difference[];
  /** A tour's question is open. */
  held: boolean;
  /** The side that does not answer the open question: the context it builds on. */
  context: 'left' | 'right' | null;
  left: PaneDrawn;
  right: PaneDrawn;
  names: SideNames;
  axes: AxisOverrides;
}) {
  const t = useT('explorer');
  return (
    <PresentationFrame
      title={title}
      charts={both}
      shown={presented?.id}
      onChart={onPresent}
      view={false}
      // With a tour beside the figure, the arrows step the tour.
      arrows={tour === undefined}
      aside={
        <>
          {tour}
          {differences.length > 0 ? (
            <DifferencesTable differences={differences} />
          ) : (
            <p>{t('side.sameRun')}</p>
          )}
        </>
      }
    >
      {held && context && presented ? (
        <PairSide
          id={presented.id}
          side={context}
          drawn={context === 'left' ? left : right}
          names={names}
          axes={axes}
        />
      ) : held ? (
        <p className="banner">{t('side.heldFigure')}</p>
      ) : presented ? (
        <SideFigure
          id={presented.id}
          title={presented.title}
          left={left}
          right={right}
          names={names}
          axes={axes}
        />
      ) : (
        <p className="banner">{t('side.running')}</p>
      )}
    </PresentationFrame>
  );
}
