// The printable worksheet (worksheet.html) of the lesson or tour its link holds: the student's
// pages, then the answer key on a page of its own, its answers read from every step's run as the
// panel's reveal reads them. Printed with the browser's own Print (print CSS in worksheet.css).
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
          Print
        </button>{' '}
        <label>
          <input type="checkbox" checked={withKey} onChange={(e) => setWithKey(e.target.checked)} />{' '}
          With the answer key (on pages of its own, after the student's)
        </label>
        <p role="status">
          {running > 0
            ? `Reading the answers from the runs: ${running} step${running === 1 ? '' : 's'} still running.`
            : 'Ready to print.'}
        </p>
      </div>
      <article className="worksheet" aria-labelledby={`${id}-title`}>
        <header>
          <h1 id={`${id}-title`}>{sheet.title}</h1>
          <p>{sheet.summary}</p>
          <p className="worksheet-name">Name:</p>
        </header>
        {sheet.steps.map((s) => (
          <section key={s.n} className="worksheet-step">
            <h2>
              Step {s.n}: {s.title}
            </h2>
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
                    My prediction: <span className="worksheet-blank" aria-hidden="true" />{' '}
                    {s.question.unit}
                  </p>
                )}
                <p className="worksheet-answer">
                  Why: <span className="worksheet-blank wide" aria-hidden="true" />
                </p>
              </div>
            ) : null}
          </section>
        ))}
      </article>
      {withKey ? (
        <section className="worksheet-key" aria-labelledby={`${id}-key`}>
          <h2 id={`${id}-key`}>Answer key: {sheet.title}</h2>
          <p>For the teacher: each answer is read from the step's run in archex.</p>
          {sheet.key.length === 0 ? <p>The lesson asks no question.</p> : null}
          <ul className="worksheet-key-list">
            {sheet.key.map((k) => (
              <li key={k.n}>
                <p>
                  Step {k.n}: {k.prompt}
                </p>
                <p className="worksheet-key-answer">
                  <strong>{k.answer}</strong>
                  {k.close ? ` (${k.close})` : ''}
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
  const { presets, models } = props;
  const tour = useTourIn(
    useMemo(() => {
      const parsed = parseUrlState(window.location.search, urlContext(presets, models, tours));
      return layoutTour(parsed.state.layout);
    }, [presets, models]),
  );
  return tour ? (
    <Sheet {...props} tour={tour} />
  ) : (
    <Refused text="This link holds no lesson or tour: open a worksheet from a tour's panel or the lesson builder." />
  );
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
