// The head of side by side above its panes: what differs, the comparison's download, keeping one
// side, and the tools of one figure of both runs.
import type { Difference } from '../results/differences';
import { DifferencesTable } from './DifferencesTable';
import { FigureOptions } from './FigureOptions';
import type { BothChart, SideExports } from './use_side_exports';

/** What side by side says in place of one figure of both runs while a tour's question is open. */
export const HELD_FIGURE = 'One figure of both runs: once the tour’s question is revealed';

export function SideHead({
  differences,
  ran,
  onKeep,
  held,
  both,
  exports,
  onPresent,
}: {
  differences: Difference[];
  /** Both sides have a run to download. */
  ran: boolean;
  /** Keeps one side alone; absent while a tour's step sets both sides. */
  onKeep?(side: 'left' | 'right'): void;
  /** A tour's question is open: one figure of both runs would show the answer. */
  held: boolean;
  both: BothChart[];
  exports: SideExports;
  onPresent(chart: string): void;
}) {
  return (
    <section className="side-head" aria-label="Side by side">
      <h2>Side by side</h2>
      {differences.length === 0 ? (
        <p>The two sides are the same run: change a parameter on either side.</p>
      ) : (
        <DifferencesTable differences={differences} />
      )}
      <p className="side-note">
        Charts both sides draw share their axes where they measure the same quantity.
      </p>
      <div className="side-tools">
        <button type="button" onClick={exports.exportComparison} disabled={!ran}>
          Download the comparison (JSON)
        </button>
        {/* A tour's step sets both sides: its words and question read them. */}
        {onKeep ? (
          <>
            <button type="button" onClick={() => onKeep('left')}>
              Keep the left only
            </button>
            <button type="button" onClick={() => onKeep('right')}>
              Keep the right only
            </button>
          </>
        ) : null}
      </div>
      {held ? (
        <p className="side-tools">{HELD_FIGURE} (it would show the answer).</p>
      ) : (
        <FigureTools both={both} exports={exports} onPresent={onPresent} />
      )}
      {exports.exportError ? (
        <p className="banner error" role="alert">
          Export failed: {exports.exportError}
        </p>
      ) : null}
    </section>
  );
}

/** One chart both sides draw as one figure: which chart, presented, or exported. */
function FigureTools({
  both,
  exports,
  onPresent,
}: {
  both: BothChart[];
  exports: SideExports;
  onPresent(chart: string): void;
}) {
  const { figure, exportFigure } = exports;
  return (
    <div className="side-tools" role="group" aria-label="Both runs in one figure">
      <label>
        One figure of both runs:{' '}
        <select
          value={figure?.id ?? ''}
          disabled={!figure}
          onChange={(e) => exports.setFigureChoice(e.target.value)}
        >
          {both.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        disabled={!figure}
        onClick={() => figure && onPresent(figure.id)}
        title="Both runs on one chart, full screen, in large type for a projector"
      >
        Present
      </button>
      <FigureOptions
        theme={exports.theme}
        onTheme={exports.setTheme}
        withLink={exports.withLink}
        onWithLink={exports.setWithLink}
        linkTitle="The figure's caption carries the link back to this comparison"
      />
      <button type="button" disabled={!figure} onClick={() => exportFigure('svg')}>
        SVG
      </button>
      <button type="button" disabled={!figure} onClick={() => exportFigure('png')}>
        PNG
      </button>
      <button type="button" disabled={!figure} onClick={() => exportFigure('pdf')}>
        PDF
      </button>
    </div>
  );
}
