// The page in a class: a lecturer's, who started it from a tour and paces it, or a student's, who
// joined by its code. The class's view sets the tour's step and each step's reveal; a student's
// prediction is sent and kept; the lecturer's panel shows the class's answers and its controls.
import type { ReactNode } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';

import { i18n, useT } from '../i18n/i18n';
import type { UrlState } from '../link/url_state';
import { lessonState } from '../lessons/lesson_link';
import type { ClassStep } from '../tours/TourPanel';
import type { Tour } from '../tours/schema';
import { AnswerChart } from '../classroom/AnswerChart';
import { ClassBar } from '../classroom/ClassBar';
import type { Connection } from '../classroom/class_client';
import {
  answersCsv,
  ClassClient,
  classServerHealth,
  deleteClass,
  joinClass,
  startClass,
} from '../classroom/class_client';
import * as store from '../classroom/class_store';
import { classTour, predictionOf, syncedAnswers, tourPlace } from '../classroom/class_sync';
import { JoinCard } from '../classroom/JoinCard';
import { isJoinLink, joinCodeOf, joinLink } from '../classroom/join_link';
import { LecturerStep } from '../classroom/LecturerStep';
import type { AnswerRequest, ClassView, Control, Health } from '../classroom/protocol';
import { StudentJoin } from '../classroom/StudentJoin';
import { download } from '../exports/export';

interface Options {
  state: UrlState;
  setState: (update: (state: UrlState) => UrlState) => void;
  openStep(tourId: string, step: number): void;
}

export function useClassroom({ state, setState, openStep }: Options) {
  const t = useT('teaching');
  // A join link opens the join form, unless this browser is in that class already: then the page
  // goes back into it.
  const [initial] = useState(() => {
    const search = window.location.search;
    const linked = isJoinLink(search) ? joinCodeOf(search) : null;
    if (linked && store.membership(linked)) {
      store.setCurrent(linked);
      return { code: linked, joining: null };
    }
    return { code: store.currentCode(), joining: isJoinLink(search) ? (linked ?? '') : null };
  });
  const [code, setCode] = useState<string | null>(initial.code);
  const [joining, setJoining] = useState<string | null>(initial.joining);
  const [view, setView] = useState<ClassView | null>(null);
  const [connection, setConnection] = useState<Connection>('connecting');
  const [gone, setGone] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [health, setHealth] = useState<Health | null>(null);
  const [joinCard, setJoinCard] = useState(false);
  const client = useRef<ClassClient | null>(null);
  const synced = useRef(false);
  // The class's views come between renders; this gives them the page as it is now.
  const page = useRef({ state, setState, openStep });
  useEffect(() => {
    page.current = { state, setState, openStep };
  });
  const member = code ? store.membership(code) : undefined;

  // One connection while in a class; answers kept but unconfirmed go again.
  useEffect(() => {
    if (!code) return;
    const kept = store.membership(code);
    if (!kept) return;
    // Each view the class sends sets the tour: its lesson, a student's step (unless free), each
    // reveal; the page's own moves are not the class's.
    const onView = (next: ClassView) => {
      setView(next);
      const { state: now, setState: set, openStep: open } = page.current;
      let read: { tour: Tour; builtIn: boolean };
      try {
        read = classTour(next);
      } catch (error) {
        setSaid(i18n.t('teaching:classroom.cannotOpen', { error: (error as Error).message }));
        return;
      }
      const { tour, builtIn } = read;
      const place = tourPlace(now, tour);
      const paced = next.role === 'student' ? !next.free : !synced.current;
      synced.current = true;
      if (place === null && !builtIn)
        set((s) => ({
          ...lessonState(tour, next.step),
          ...(s.theme ? { theme: s.theme } : {}),
        }));
      else if (place === null || (paced && place !== next.step)) open(tour.id, next.step);
      set((s) => {
        if (s.layout?.kind !== 'tour' || s.layout.tour !== tour.id) return s;
        const answers = syncedAnswers(next, s.layout.answers);
        return answers ? { ...s, layout: { ...s.layout, answers } } : s;
      });
    };
    synced.current = false;
    const c = new ClassClient({
      code,
      key: kept.key,
      onView,
      onConnection: (connected, why) => {
        setConnection(connected);
        setGone(
          connected === 'gone'
            ? i18n.t('teaching:classroom.gone', { why: why ?? '', deleted: why ? 'no' : 'yes' })
            : null,
        );
      },
    });
    client.current = c;
    for (const request of kept.pending) void sendAnswer(c, code, request);
    return () => {
      c.close();
      client.current = null;
      setView(null);
    };
  }, [code]);

  // Where the server is reachable by students (its room addresses), asked once a class is led.
  useEffect(() => {
    if (member?.role === 'lecturer') void classServerHealth().then(setHealth);
  }, [member?.role]);

  const control = useCallback((c: Control) => {
    client.current?.control(c).catch((error: Error) => setSaid(error.message));
  }, []);

  const leave = useCallback(() => {
    if (code && member?.role === 'student') store.forget(code);
    store.setCurrent(null);
    setCode(null);
    setSaid(null);
  }, [code, member?.role]);

  const start = useCallback(async (tour: Tour) => {
    setSaid(null);
    if (!(await classServerHealth())) {
      setSaid(i18n.t('teaching:classroom.noServer'));
      return;
    }
    try {
      const started = await startClass(tour);
      store.keep({ code: started.code, role: 'lecturer', key: started.key, pending: [] });
      store.setCurrent(started.code);
      setCode(started.code);
      setJoinCard(true);
    } catch (error) {
      setSaid(i18n.t('teaching:classroom.notStarted', { error: (error as Error).message }));
    }
  }, []);

  const join = useCallback(async (typed: string, pseudonym: string) => {
    const joined = await joinClass(typed.trim().toUpperCase(), pseudonym.trim());
    store.keep({
      code: joined.code,
      role: 'student',
      key: joined.key,
      pseudonym: pseudonym.trim(),
      pending: [],
    });
    store.setCurrent(joined.code);
    setJoining(null);
    setCode(joined.code);
  }, []);

  const layout = state.layout;
  const stepIndex = layout?.kind === 'tour' ? layout.step : 0;
  let classroom: ClassStep | undefined;
  if (view && code && layout?.kind === 'tour') {
    const tour = safeTour(view);
    const step = tour?.steps[stepIndex];
    const onClassTour = tour?.id === layout.tour && step !== undefined;
    if (onClassTour && view.role === 'lecturer') {
      // The lecturer's way back and on moves the class with it.
      const move = (to: number) => control({ action: 'step', step: to });
      classroom = {
        held: false,
        onStep: move,
        lecturer: (runs, unit) => (
          <LecturerStep
            view={view}
            step={step}
            stepIndex={stepIndex}
            steps={tour.steps.length}
            runs={runs}
            unit={unit}
            presented={state.present !== undefined}
            control={control}
            onNext={() => {
              openStep(tour.id, stepIndex + 1);
              move(stepIndex + 1);
            }}
            onDownload={() => {
              answersCsv(code, member!.key).then(
                (text) => download(text, `archex-class-${code}.csv`, 'text/csv'),
                (error: Error) => setSaid(error.message),
              );
            }}
            onDelete={() => {
              deleteClass(code, member!.key).then(
                () => {
                  store.forget(code);
                  setCode(null);
                },
                (error: Error) => setSaid(error.message),
              );
            }}
          />
        ),
      };
    } else if (onClassTour && view.role === 'student') {
      const sent = view.mine[stepIndex] !== undefined;
      const revealed = view.revealed[stepIndex];
      classroom = {
        held: !view.free,
        send: {
          sent,
          refused: view.ended
            ? t('classroom.ended')
            : view.paused
              ? t('classBar.wait')
              : connection === 'gone'
                ? t('classroom.noMore')
                : null,
          onSend: () => {
            const prediction = predictionOf(layout.answers?.[stepIndex]);
            if (!prediction || !client.current) return;
            const request = { step: stepIndex, prediction };
            // Shown sent at once; the server's view confirms it, or its refusal takes it back.
            setView({ ...view, mine: { ...view.mine, [stepIndex]: prediction } });
            void sendAnswer(client.current, code, request).then((refused) => {
              if (refused === null) return;
              setSaid(i18n.t('teaching:classroom.notSent', { why: refused }));
              setView((v) => {
                if (v?.role !== 'student') return v;
                const { [stepIndex]: _taken, ...mine } = v.mine;
                return { ...v, mine };
              });
            });
          },
        },
        ...(revealed && step.question
          ? {
              below: (unit: string | null) => (
                <section className="class-revealed" aria-label={t('classroom.answersLabel')}>
                  <h4>{t('classroom.theClass')}</h4>
                  <AnswerChart
                    question={step.question!}
                    unit={unit}
                    values={revealed.values}
                    choices={revealed.choices}
                    truth={revealed.truth}
                    {...(view.mine[stepIndex] ? { mine: view.mine[stepIndex] } : {})}
                  />
                </section>
              ),
            }
          : {}),
      };
    }
  }

  const link = code ? joinLink(code, new URL(window.location.href), health?.lan ?? []) : null;
  const bar: ReactNode = code ? (
    <>
      <ClassBar
        code={code}
        view={view}
        connection={connection}
        gone={gone}
        notKept={store.keeps() ? null : t('classroom.notKept')}
        said={said}
        {...(member?.role === 'lecturer' ? { onJoinCard: () => setJoinCard(true) } : {})}
        onLeave={leave}
      />
      {joinCard && link && member?.role === 'lecturer' ? (
        <div className="class-join-dialog" role="dialog" aria-label={t('joinCard.label')}>
          <JoinCard code={code} link={link} large />
          <button type="button" className="primary" onClick={() => setJoinCard(false)}>
            {t('classroom.close')}
          </button>
        </div>
      ) : null}
    </>
  ) : said ? (
    <p className="banner error" role="alert">
      {said}
    </p>
  ) : null;

  const joinForm: ReactNode =
    joining !== null && joining !== code ? (
      <StudentJoin code={joining} onJoin={join} onCancel={() => setJoining(null)} />
    ) : null;

  return {
    bar,
    joinForm,
    classroom,
    /** "Run as a class" on the tour's panel, while this page is in no class. */
    onRunAsClass: code ? undefined : (tour: Tour) => void start(tour),
  };
}

function safeTour(view: ClassView): Tour | undefined {
  try {
    return classTour(view).tour;
  } catch {
    return undefined;
  }
}

/**
 * Sends an answer, kept in storage until the server confirms or refuses it (a reload or a new
 * connection sends it again); the refusal's words, or null when kept.
 */
async function sendAnswer(
  client: ClassClient,
  code: string,
  request: AnswerRequest,
): Promise<string | null> {
  const kept = store.membership(code);
  if (kept && !kept.pending.some((p) => p.step === request.step))
    store.keep({ ...kept, pending: [...kept.pending, request] });
  let refused: string | null = null;
  try {
    await client.answer(request);
  } catch (error) {
    refused = (error as Error).message;
  }
  const now = store.membership(code);
  if (now) store.keep({ ...now, pending: now.pending.filter((p) => p.step !== request.step) });
  return refused;
}
