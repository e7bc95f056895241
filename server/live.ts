// The sockets this process holds, by class, and what reaches them: every change any process makes
// is notified through the database (LISTEN/NOTIFY), and each process sends the views it changed
// to its own sockets. Changes that come together are sent together, once.
import type { ClassView, ServerMessage } from '../app/classroom/protocol';
import type { Classes, Who } from './classes';
import { CHANNEL, Refused } from './classes';
import type { Database } from './db/database';

/** A socket's side of the hub: where its messages go. */
export interface Client {
  who: Who;
  send(message: ServerMessage): void;
  close(code: number, reason: string): void;
}

/** How long changes to one class gather before its views are sent. */
const GATHER_MS = 25;

interface Pending {
  /** Every view of the class (a step, a reveal, a pause), or only the lecturers'. */
  all: boolean;
  /** Students whose own answers changed. */
  students: Set<number>;
}

export class Hub {
  private readonly clients = new Map<number, Set<Client>>();
  private readonly pending = new Map<number, Pending>();
  private readonly sending = new Map<number, Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly classes: Classes) {}

  /** Starts hearing every process's changes. */
  async listen(db: Database): Promise<void> {
    await db.listen(CHANNEL, (payload) => {
      const [id, kind, student] = payload.split(':');
      const classId = Number(id);
      if (!Number.isInteger(classId) || !this.clients.has(classId)) return;
      this.changed(classId, kind === 'class', student ? Number(student) : null);
    });
  }

  add(client: Client): void {
    const set = this.clients.get(client.who.classId) ?? new Set();
    set.add(client);
    this.clients.set(client.who.classId, set);
  }

  remove(client: Client): void {
    const set = this.clients.get(client.who.classId);
    set?.delete(client);
    if (set?.size === 0) this.clients.delete(client.who.classId);
  }

  /** How many sockets this process holds. */
  get size(): number {
    let n = 0;
    for (const set of this.clients.values()) n += set.size;
    return n;
  }

  /** The view `who` sees now. */
  view(who: Who): Promise<ClassView> {
    return who.role === 'lecturer'
      ? this.classes.lecturerView(who.classId)
      : this.classes.studentView(who.classId, who.studentId);
  }

  private changed(classId: number, all: boolean, student: number | null) {
    const pending = this.pending.get(classId);
    if (pending) {
      pending.all ||= all;
      if (student !== null) pending.students.add(student);
      return;
    }
    this.pending.set(classId, { all, students: new Set(student === null ? [] : [student]) });
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.flush(classId);
    }, GATHER_MS);
    this.timers.add(timer);
  }

  /** Sends nothing more, and waits for what is being sent: the database closes next. */
  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.pending.clear();
    await Promise.all(this.sending.values());
  }

  /** Sends the class's changed views, one flush of a class at a time, in order. */
  private flush(classId: number) {
    const before = this.sending.get(classId) ?? Promise.resolve();
    const next = before.then(async () => {
      const pending = this.pending.get(classId);
      this.pending.delete(classId);
      if (pending) await this.send(classId, pending);
    });
    this.sending.set(classId, next);
    void next.finally(() => {
      if (this.sending.get(classId) === next) this.sending.delete(classId);
    });
  }

  private async send(classId: number, pending: Pending) {
    const clients = [...(this.clients.get(classId) ?? [])];
    const lecturers = clients.filter((c) => c.who.role === 'lecturer');
    const students = clients.filter(
      (c) => c.who.role === 'student' && (pending.all || pending.students.has(c.who.studentId)),
    );
    try {
      if (lecturers.length > 0) {
        const view = await this.classes.lecturerView(classId);
        for (const c of lecturers) c.send({ type: 'view', view });
      }
      if (students.length > 0) {
        const ids = [...new Set(students.map((c) => (c.who as { studentId: number }).studentId))];
        const views = await this.classes.studentViews(classId, ids);
        for (const c of students) {
          const view = views.get((c.who as { studentId: number }).studentId);
          if (view) c.send({ type: 'view', view });
        }
      }
    } catch (error) {
      // A deleted class: everyone in it is told, and let go.
      if (error instanceof Refused && error.status === 404) {
        for (const c of clients) {
          c.send({ type: 'refused', id: null, status: 404, error: error.message });
          c.close(4404, 'class deleted');
        }
        this.clients.delete(classId);
      } else console.error(`class ${classId}: views not sent:`, error);
    }
  }
}
