// A lecture hall's load on the class server (issue 68's bar: every answer reaches the lecturer's
// view, p95 under 1 s, on a 2-core machine). The production server (`server/main.ts`, serving
// dist/) runs in its own process on an embedded database in a temp dir, on loopback. A class runs
// the routing tour; the lecturer's socket watches; 300 students join over HTTP, open sockets and
// answer a number step (most spread over 10 s, the rest in one burst); the lecturer reveals it
// and moves to the next step, a choice, which they answer the same way. Measured: each answer's
// time from the student's send to the lecturer's socket holding it, the reveal's and the step's
// time to reach every student, and the server's and the bench's memory and processor time.
// Bounded: a fixed class, and every wait ends in words after TIMEOUT_MS.
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { WebSocket } from 'ws';

import type {
  Joined,
  LecturerView,
  Prediction,
  ServerMessage,
  Started,
  Truth,
} from '../classroom/protocol';
import { API, SOCKET_PATH } from '../classroom/protocol';
import type { Tour } from '../tours/schema';
import { latencies, processUse } from './load_stats';
import { emit, root } from './measure';

const STUDENTS = 300;
/** Answers of a round before the burst, spread evenly over SPREAD_MS; the rest come at its end. */
const SPREAD = 240;
const SPREAD_MS = 10_000;
/** Joins in flight at once, as a hall's phones join over a few seconds. */
const JOINING = 30;
const TIMEOUT_MS = 60_000;
const TOUR = 'routing';

const MB = 1024 * 1024;
const now = () => performance.now();
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Waits until `done()`; after TIMEOUT_MS fails with `why()`, in words. */
async function until(done: () => boolean, why: () => string): Promise<void> {
  const end = now() + TIMEOUT_MS;
  while (!done()) {
    if (now() > end) throw new Error(`class load: after ${TIMEOUT_MS / 1000} s ${why()}`);
    await sleep(10);
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

/**
 * The production server in a process of its own (node with tsx's loader, so its pid is the
 * server's), on an embedded database in `dir`. ARCHEX_BENCH_CPU_PROF=DIR profiles it there.
 */
async function startServer(dir: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, ARCHEX_CLASS_DATA: dir };
  for (const name of ['DATABASE_URL', 'ARCHEX_ORIGINS', 'ARCHEX_TRUST_PROXY']) delete env[name];
  const profile = process.env.ARCHEX_BENCH_CPU_PROF;
  const child = spawn(
    process.execPath,
    [
      ...(profile ? ['--cpu-prof', '--cpu-prof-dir', profile] : []),
      '--import',
      'tsx',
      'server/main.ts',
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
    ],
    { cwd: fileURLToPath(root), env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (d) => (output += String(d)));
  child.stderr!.on('data', (d) => (output += String(d)));
  let exited = false;
  child.on('exit', () => (exited = true));
  try {
    await until(
      () => output.includes('On this computer') || exited,
      () => `the class server has not started; it printed:\n${output}`,
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  if (exited) throw new Error(`class load: the class server stopped at its start:\n${output}`);
  return { child, base: `http://127.0.0.1:${port}` };
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

async function post<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`class load: POST ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A socket that has said hello; `on` hears every message with the time it came. */
function connect(
  base: string,
  hello: { code: string; key: string },
  on: (message: ServerMessage, at: number, bytes: number) => void,
): Promise<WebSocket> {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}${SOCKET_PATH}`, { origin: base });
  return new Promise((done, fail) => {
    ws.on('error', fail);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'hello', ...hello })));
    ws.on('message', (data) => {
      const at = now();
      const text = String(data);
      const message = JSON.parse(text) as ServerMessage;
      if (message.type === 'refused' && message.id === null)
        fail(new Error(`class load: a socket was refused: ${message.error}`));
      on(message, at, text.length);
      if (message.type === 'view') done(ws);
    });
  });
}

interface Student {
  name: string;
  ws: WebSocket;
  /** When this student sent each step's answer. */
  sent: Map<number, number>;
  /** Each step's answer done, or the server's refusal in words. */
  replies: Map<number, string>;
  /** When this student's view first showed each step revealed, and each step as the class's. */
  revealed: Map<number, number>;
  atStep: Map<number, number>;
}

interface Lecturer {
  ws: WebSocket;
  /** When the lecturer's view first held each answer (`name@step`). */
  seen: Map<string, number>;
  views: number;
  lastViewBytes: number;
  replies: Map<number, string>;
}

async function lecturerSocket(base: string, started: Started): Promise<Lecturer> {
  const lecturer: Lecturer = {
    ws: null as never,
    seen: new Map(),
    views: 0,
    lastViewBytes: 0,
    replies: new Map(),
  };
  lecturer.ws = await connect(base, started, (message, at, bytes) => {
    if (message.type === 'view') {
      const view = message.view as LecturerView;
      lecturer.views++;
      lecturer.lastViewBytes = bytes;
      const names = new Map(view.students.map((s) => [s.id, s.pseudonym]));
      for (const a of view.answers) {
        const key = `${names.get(a.student)}@${a.step}`;
        if (!lecturer.seen.has(key)) lecturer.seen.set(key, at);
      }
    } else lecturer.replies.set(message.id ?? -1, message.type === 'done' ? 'done' : message.error);
  });
  return lecturer;
}

async function joinClass(base: string, code: string, name: string): Promise<Student> {
  const joined = await post<Joined>(`${base}${API}/join`, { code, pseudonym: name });
  const student: Student = {
    name,
    ws: null as never,
    sent: new Map(),
    replies: new Map(),
    revealed: new Map(),
    atStep: new Map(),
  };
  student.ws = await connect(base, joined, (message, at) => {
    if (message.type === 'view') {
      for (const step of Object.keys(message.view.revealed).map(Number))
        if (!student.revealed.has(step)) student.revealed.set(step, at);
      if (!student.atStep.has(message.view.step)) student.atStep.set(message.view.step, at);
    } else student.replies.set(message.id ?? -1, message.type === 'done' ? 'done' : message.error);
  });
  return student;
}

/** Every student answers `step`, on the round's schedule; the answers' times to the lecturer. */
async function round(
  students: Student[],
  lecturer: Lecturer,
  step: number,
  prediction: (i: number) => Prediction,
): Promise<number[]> {
  students.forEach((s, i) => {
    const delay = i < SPREAD ? (i * SPREAD_MS) / SPREAD : SPREAD_MS;
    setTimeout(() => {
      s.sent.set(step, now());
      s.ws.send(JSON.stringify({ type: 'answer', id: step, step, prediction: prediction(i) }));
    }, delay);
  });
  const reached = () => students.filter((s) => lecturer.seen.has(`${s.name}@${step}`)).length;
  await until(
    () => reached() === students.length,
    () => `the lecturer's view held ${reached()} of ${students.length} answers to step ${step + 1}`,
  );
  const refused = students.find((s) => s.replies.has(step) && s.replies.get(step) !== 'done');
  if (refused)
    throw new Error(
      `class load: ${refused.name}'s answer was refused: ${refused.replies.get(step)}`,
    );
  return students.map((s) => lecturer.seen.get(`${s.name}@${step}`)! - s.sent.get(step)!);
}

let controls = 1000;

/** The lecturer's control over the socket; the times from its send to each student's view showing it. */
async function control(
  lecturer: Lecturer,
  students: Student[],
  message: { action: 'reveal'; step: number; truth: Truth } | { action: 'step'; step: number },
): Promise<number[]> {
  const id = controls++;
  const start = now();
  lecturer.ws.send(JSON.stringify({ type: 'control', id, control: message }));
  const shows = (s: Student) =>
    (message.action === 'reveal' ? s.revealed : s.atStep).get(message.step);
  const reached = () => students.filter((s) => shows(s) !== undefined).length;
  await until(
    () => reached() === students.length && lecturer.replies.has(id),
    () =>
      `${reached()} of ${students.length} students saw the ${message.action} of step ${message.step + 1}`,
  );
  if (lecturer.replies.get(id) !== 'done')
    throw new Error(`class load: the ${message.action} was refused: ${lecturer.replies.get(id)}`);
  return students.map((s) => shows(s)! - start);
}

/** A number step directly followed by a choice step: the class's two rounds. */
function rounds(tour: Tour): [number, number] {
  const at = tour.steps.findIndex(
    (s, i) => s.question?.kind === 'number' && tour.steps[i + 1]?.question?.kind === 'choice',
  );
  if (at < 0)
    throw new Error(`class load: the ${TOUR} tour has no number step before a choice step`);
  return [at, at + 1];
}

function emitLatencies(name: string, xs: number[]) {
  const l = latencies(xs);
  emit(`${name}_p50_ms`, Math.round(l.p50), 'ms');
  emit(`${name}_p95_ms`, Math.round(l.p95), 'ms');
  emit(`${name}_max_ms`, Math.round(l.max), 'ms');
}

export async function classLoad() {
  const tour = JSON.parse(
    readFileSync(new URL(`presets/tours/${TOUR}.json`, root), 'utf8'),
  ) as Tour;
  const dir = mkdtempSync(join(tmpdir(), 'archex-class-load-'));
  try {
    await runClass(tour, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The class, on servers keeping their database in `dir`; prints what it measured. */
async function runClass(tour: Tour, dir: string) {
  const [first, second] = rounds(tour);
  const benchCpu = process.cpuUsage();
  // The first start creates the database (PostgreSQL's initdb, which takes the most memory a
  // server ever holds); a class is served by the next, as on any start after a computer's first.
  const fresh = await startServer(dir);
  let created;
  try {
    created = processUse(fresh.child.pid!);
  } finally {
    await stopServer(fresh.child);
  }
  const { child, base } = await startServer(dir);
  const sockets: WebSocket[] = [];
  try {
    const atStart = processUse(child.pid!);
    const started = await post<Started>(`${base}${API}`, { tour });
    const lecturer = await lecturerSocket(base, started);
    sockets.push(lecturer.ws);
    await control(lecturer, [], { action: 'step', step: first });

    const joinTimes: number[] = [];
    const students: Student[] = [];
    const names = Array.from(
      { length: STUDENTS },
      (_, i) => `Student ${String(i + 1).padStart(3, '0')}`,
    );
    for (let i = 0; i < names.length; i += JOINING) {
      const batch = names.slice(i, i + JOINING).map(async (name) => {
        const start = now();
        const student = await joinClass(base, started.code, name);
        joinTimes.push(now() - start);
        return student;
      });
      for (const s of await Promise.all(batch)) {
        students.push(s);
        sockets.push(s.ws);
      }
    }

    const answers1 = await round(students, lecturer, first, (i) => ({
      typed: String(10 + (i % 50)),
    }));
    const question = tour.steps[first]!.question!;
    const truth: Truth = {
      value: 30,
      unit: '',
      text: '30',
      close: question.kind === 'number' ? (question.close ?? 0.2) : 0.2,
    };
    const reveal = await control(lecturer, students, { action: 'reveal', step: first, truth });
    const next = await control(lecturer, students, { action: 'step', step: second });
    const choices = tour.steps[second]!.question!;
    const n = choices.kind === 'choice' ? choices.choices.length : 2;
    const answers2 = await round(students, lecturer, second, (i) => ({ choice: i % n }));

    const server = processUse(child.pid!);
    const own = process.cpuUsage(benchCpu);
    const mb = (bytes: number) => Math.round(bytes / MB);
    const seconds = (s: number) => Math.round(s * 100) / 100;
    emit('class_load.students', STUDENTS, 'students');
    emitLatencies('class_load.join', joinTimes);
    emit('class_load.round1.answers_reached', answers1.length, 'answers');
    emitLatencies('class_load.round1.answer_to_lecturer', answers1);
    emit('class_load.round2.answers_reached', answers2.length, 'answers');
    emitLatencies('class_load.round2.answer_to_lecturer', answers2);
    emitLatencies('class_load.reveal_to_students', reveal);
    emitLatencies('class_load.step_to_students', next);
    emit('class_load.lecturer_views', lecturer.views, 'views');
    emit('class_load.lecturer_view_last_kib', Math.round(lecturer.lastViewBytes / 1024), 'KiB');
    emit('class_load.server_first_start_peak_rss_mb', mb(created.peakRssBytes), 'MB');
    emit('class_load.server_peak_rss_mb', mb(server.peakRssBytes), 'MB');
    emit('class_load.server_cpu_s', seconds(server.cpuSeconds), 's');
    emit('class_load.server_cpu_class_s', seconds(server.cpuSeconds - atStart.cpuSeconds), 's');
    emit('class_load.bench_rss_mb', mb(process.memoryUsage().rss), 'MB');
    emit('class_load.bench_cpu_s', seconds((own.user + own.system) / 1e6), 's');
  } finally {
    for (const ws of sockets) ws.terminate();
    await stopServer(child);
  }
}
