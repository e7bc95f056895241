// The embed page's place for its chart, sized to the frame or to the chart's own height.
import { useT } from '../i18n/i18n';
import type { ReactNode } from 'react';

import { defaultChartHeight } from '../charts/use_measured_width';
import type { EmbedFit } from './embed_frame';
import { useMeasuredSize } from './embed_frame';

/**
 * The chart's place: in a frame the page fills, what the caption leaves (its height is measured
 * and given to the chart); else the chart's own height, kept free while nothing is drawn yet.
 */
export function ChartArea({
  fit,
  loading,
  children,
}: {
  fit: EmbedFit;
  /** Nothing drawn yet, and a chart still to come (no error, no question held). */
  loading: boolean;
  children: (height: number | undefined) => ReactNode;
}) {
  const t = useT('explorer');
  const { ref, size } = useMeasuredSize();
  const fill = fit === 'frame';
  const reserve = !fill && loading && size !== null ? defaultChartHeight(size.width) : undefined;
  return (
    <div className="embedded-chart" ref={ref} style={{ minHeight: reserve }} aria-busy={loading}>
      {loading ? (
        <p className="embedded-loading" role="status">
          {t('embed.loading')}
        </p>
      ) : null}
      {fill && !size?.height ? null : children(fill ? size?.height : undefined)}
    </div>
  );
}
