import type { FigureTheme } from '../results/figure_info';
import { FIGURE_THEMES } from '../results/figure_info';

/** An export's colours and whether its caption links back: beside a chart's or a figure's exports. */
export function FigureOptions({
  theme,
  onTheme,
  withLink,
  onWithLink,
  linkTitle,
}: {
  theme: FigureTheme;
  onTheme(theme: FigureTheme): void;
  withLink: boolean;
  onWithLink(withLink: boolean): void;
  /** What the link back is put into. */
  linkTitle: string;
}) {
  return (
    <>
      <select
        aria-label="Export theme"
        title="Colours of the exported SVG and PNG"
        value={theme}
        onChange={(e) => onTheme(e.target.value as FigureTheme)}
      >
        {FIGURE_THEMES.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
      <label title={linkTitle}>
        <input type="checkbox" checked={withLink} onChange={(e) => onWithLink(e.target.checked)} />
        Link back
      </label>
    </>
  );
}
