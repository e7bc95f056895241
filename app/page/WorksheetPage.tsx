// The printable worksheet (worksheet.html) of the lesson or tour its link holds: the student's
// pages, then the answer key on a page of its own, its answers read from every step's run as the
// panel's reveal reads them. Printed with the browser's own Print (print CSS in worksheet.css).
import { Rich } from '../i18n/Rich';
import { useT } from '../i18n/i18n';
import { useId, useMemo, useState } from 'react';

import type { Engine } from '../engine/engine';
import type { ModelInfo } from '../engine/types';
import { parseUrlState } from '../link/url_state';
import type { Preset } from '../presets/schema';
import { layoutTour } from '../lessons/playing';
import { useStepRuns } from '../builder/use_step_runs';
import { tours, useTourIn } from '../tours/bundled';
import type { Tour } from '../tours/schema';
import { worksheetModel } from '../tours/worksheet';
import { Markdown } from '../ui/Markdown';
import { IdleBoard, writeIdle } from '../ui/page_idle';
import { urlContext } from './page';
import { EngineGate, Refused } from './EngineGate';
import './worksheet.css';

function Sheet(props: { engine: Engine; presets: Preset[]; models: ModelInfo[]; tour: Tour }) {
  const t = useT('explorer');
  const { tour } = props;
  const id = useId();
  const [board] = useState(() => new IdleBoard(writeIdle));
  const [withKey, setWithKey] = useState(true);
  const { outcomes } = useStepRuns(props.engine, tour.steps, props.presets, props.models, board);
  const runs = outcomes.map((o) => (o && 'runs' in o ? o.runs : undefined));
  const sheet = worksheetModel(tour, runs);
  const running = outcomes.filter((o) => o === undefined).length;
  return (
    <>
      <div className="worksheet-tools">
        <button type="button" disabled={running > 0} onClick={() => window.print()}>
          {t('worksheet.print')}
        </button>{' '}
        <label>
          <input type="checkbox" checked={withKey} onChange={(e) => setWithKey(e.target.checked)} />{' '}
          {t('worksheet.withKey')}
        </label>
        <p role="status">
          {running > 0 ? t('worksheet.running', { running }) : t('worksheet.ready')}
        </p>
      </div>
      <article className="worksheet" aria-labelledby={`${id}-title`}>
        <header>
          <h1 id={`${id}-title`}>{sheet.title}</h1>
          <p>{sheet.summary}</p>
          <p className="worksheet-name">{t('worksheet.name')}</p>
        </header>
        {sheet.steps.map((s) => (
          <section key={s.n} className="worksheet-step">
            <h2>{t('worksheet.step', { n: String(s.n), title: s.title })}</h2>
            <Markdown text={s.text} gloss={false} />
            {s.question ? (
              <div className="worksheet-question">
                <p className="worksheet-prompt">{s.question.prompt}</p>
                {s.question.choices.length > 0 ? (
                  <ul className="worksheet-choices">
                    {s.question.choices.map((c) => (
                      <li key={c}>
                        <span className="worksheet-box" aria-hidden="true" /> {c}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="worksheet-answer">
                    <Rich
                      k="explorer:worksheet.prediction"
                      values={{ unit: s.question.unit }}
                      parts={{ blank: <span className="worksheet-blank" aria-hidden="true" /> }}
                    />
                  </p>
                )}
                <p className="worksheet-answer">
                  <Rich
                    k="explorer:worksheet.why"
                    parts={{ blank: <span className="worksheet-blank wide" aria-hidden="true" /> }}
                  />
                </p>
              </div>
            ) : null}
          </section>
        ))}
      </article>
      {withKey ? (
        <section className="worksheet-key" aria-labelledby={`${id}-key`}>
          <h2 id={`${id}-key`}>{t('worksheet.key', { title: sheet.title })}</h2>
          <p>{t('worksheet.forTeacher')}</p>
          {sheet.key.length === 0 ? <p>{t('worksheet.noQuestion')}</p> : null}
          <ul className="worksheet-key-list">
            {sheet.key.map((k) => (
              <li key={k.n}>
                <p>{t('worksheet.step', { n: String(k.n), title: k.prompt })}</p>
                <p className="worksheet-key-answer">
                  <strong>{k.answer}</strong>
                  {k.close ? t('worksheet.close', { close: k.close }) : ''}
                </p>
                {k.explain ? <Markdown text={k.explain} gloss={false} /> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

function SheetOf(props: { engine: Engine; presets: Preset[]; models: ModelInfo[] }) {
  const t = useT('explorer');
  const { presets, models } = props;
  const tour = useTourIn(
    useMemo(() => {
      const parsed = parseUrlState(window.location.search, urlContext(presets, models, tours));
      return layoutTour(parsed.state.layout);
    }, [presets, models]),
  );
  return tour ? <Sheet {...props} tour={tour} /> : <Refused text={t('worksheet.noLesson')} />;
}

export function WorksheetPage({ engine, presets }: { engine: Engine; presets: Preset[] }) {
  return (
    <main className="worksheet-page">
      <EngineGate engine={engine} presets={presets}>
        {(models, shown) => <SheetOf engine={engine} presets={shown} models={models} />}
      </EngineGate>
    </main>
  );
}
