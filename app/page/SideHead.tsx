// The head of side by side above its panes: what differs, the comparison's download, keeping one
// side, and the tools of one figure of both runs.
import type { Difference } from '../results/differences';
import { useT } from '../i18n/i18n';
import { DifferencesTable } from './DifferencesTable';
import { FigureOptions } from './FigureOptions';
import type { BothChart, SideExports } from './use_side_exports';

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
  const t = useT('explorer');
  return (
    <section className="side-head" aria-label={t('side.title')}>
      <h2>{t('side.title')}</h2>
      {differences.length === 0 ? (
        <p>{t('side.same')}</p>
      ) : (
        <DifferencesTable differences={differences} />
      )}
      <p className="side-note">{t('side.axes')}</p>
      <div className="side-tools">
        <button type="button" onClick={exports.exportComparison} disabled={!ran}>
          {t('side.download')}
        </button>
        {/* A tour's step sets both sides: its words and question read them. */}
        {onKeep ? (
          <>
            <button type="button" onClick={() => onKeep('left')}>
              {t('side.keepLeft')}
            </button>
            <button type="button" onClick={() => onKeep('right')}>
              {t('side.keepRight')}
            </button>
          </>
        ) : null}
      </div>
      {held ? (
        <p className="side-tools">{t('side.heldFigureWhy')}</p>
      ) : (
        <FigureTools both={both} exports={exports} onPresent={onPresent} />
      )}
      {exports.exportError ? (
        <p className="banner error" role="alert">
          {t('chartCard.exportFailed', { error: exports.exportError })}
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
  const t = useT('explorer');
  const { figure, exportFigure } = exports;
  return (
    <div className="side-tools" role="group" aria-label={t('side.figureGroup')}>
      <label>
        {t('side.figure')}{' '}
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
        title={t('side.presentTitle')}
      >
        {t('chartCard.present')}
      </button>
      <FigureOptions
        theme={exports.theme}
        onTheme={exports.setTheme}
        withLink={exports.withLink}
        onWithLink={exports.setWithLink}
        linkTitle={t('side.linkTitle')}
      />
      <button type="button" disabled={!figure} onClick={() => exportFigure('svg')}>
        {t('formats.svg')}
      </button>
      <button type="button" disabled={!figure} onClick={() => exportFigure('png')}>
        {t('formats.png')}
      </button>
      <button type="button" disabled={!figure} onClick={() => exportFigure('pdf')}>
        {t('formats.pdf')}
      </button>
    </div>
  );
}
