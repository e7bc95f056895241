// The class server's protocol, which the server (server/) and the page both import: every request,
// socket message and snapshot as a schema, so each side validates what the other sends. Pure.
import { z } from 'zod';

import { MAX_TYPED } from '../link/url_state';
import { MAX_STEPS } from '../tours/schema';

/** Where the page finds the class server: beside the explorer, on the same origin. */
export const API = '/api/class';
/** The socket's path; it speaks the messages below. */
export const SOCKET_PATH = `${API}/socket`;

/** A join code's letters: no 0/O, 1/I/L, so a code read off a projector is typed right. */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const CODE_LENGTH = 6;
export const Code = z
  .string()
  .trim()
  .toUpperCase()
  .regex(new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`), `${CODE_LENGTH} letters and digits`);

/** A secret the server gave (the lecturer's or a student's): 32 random bytes, base64url. */
export const Key = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'a key the class server gave');

/** The longest pseudonym: a name the lecturer reads in a list. */
export const MAX_PSEUDONYM = 40;
export const Pseudonym = z
  .string()
  .trim()
  .min(1, 'a pseudonym is needed')
  .max(MAX_PSEUDONYM, `at most ${MAX_PSEUDONYM} characters`);

/** The largest message a socket takes, and the largest lesson a class is started with. */
export const MAX_MESSAGE_BYTES = 16 * 1024;
export const MAX_TOUR_BYTES = 1_000_000;

const Step = z
  .number()
  .int()
  .min(0)
  .max(MAX_STEPS - 1);

/** A prediction as a student sends it: the number typed (as typed) or the choice picked. */
export const Prediction = z.union([
  z.object({ typed: z.string().trim().min(1).max(MAX_TYPED) }).strict(),
  z.object({ choice: z.number().int().min(0).max(4) }).strict(),
]);
export type Prediction = z.infer<typeof Prediction>;

/**
 * The answer as the lecturer's page read it from the step's run at Reveal (the run is the
 * lecturer's, the same bits as every student's): a number with its unit and how close counts, or
 * the right choice.
 */
export const Truth = z.union([
  z
    .object({
      value: z.number().finite(),
      unit: z.string().max(40),
      text: z.string().max(80),
      close: z.number().positive().max(10),
    })
    .strict(),
  z.object({ right: z.number().int().min(0).max(4) }).strict(),
]);
export type Truth = z.infer<typeof Truth>;

/** What only the lecturer may do. */
export const Control = z.discriminatedUnion('action', [
  z.object({ action: z.literal('step'), step: Step }).strict(),
  z.object({ action: z.literal('reveal'), step: Step, truth: Truth }).strict(),
  z.object({ action: z.literal('free'), free: z.boolean() }).strict(),
  z.object({ action: z.literal('pause'), paused: z.boolean() }).strict(),
  z.object({ action: z.literal('end') }).strict(),
]);
export type Control = z.infer<typeof Control>;

/** A student's answer to a step. */
export const AnswerRequest = z.object({ step: Step, prediction: Prediction }).strict();
export type AnswerRequest = z.infer<typeof AnswerRequest>;

export const JoinRequest = z.object({ code: Code, pseudonym: Pseudonym }).strict();

/** What a socket client sends: who it is first, then a student's answers or a lecturer's controls. */
export const ClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), code: Code, key: Key }).strict(),
  z.object({ type: z.literal('answer'), id: z.number().int(), ...AnswerRequest.shape }).strict(),
  z.object({ type: z.literal('control'), id: z.number().int(), control: Control }).strict(),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

/** Where the class is: its step, whether students move freely, paused or ended. */
export interface ClassPace {
  code: string;
  step: number;
  free: boolean;
  paused: boolean;
  ended: boolean;
}

/** A step's answers as everyone sees them after its reveal: no names, each answer once. */
export interface RevealedStep {
  truth: Truth;
  /** The numbers predicted (a number question) or how many picked each choice. */
  values: number[];
  choices: number[];
}

/** What a student's page holds: the lesson, the pace, their own answers and what was revealed. */
export interface StudentView extends ClassPace {
  role: 'student';
  pseudonym: string;
  /** The lesson as the lecturer started it (a tour's JSON; the page checks it with its schema). */
  tour: unknown;
  mine: Record<number, Prediction>;
  revealed: Record<number, RevealedStep>;
}

/** One answer as the lecturer sees it. */
export interface AnswerRow {
  student: string;
  step: number;
  prediction: Prediction;
  /** The number typed, as the server read it; null when it is not one. */
  value: number | null;
  at: string;
}

/** What the lecturer's page holds: everyone who joined and every answer, by pseudonym. */
export interface LecturerView extends ClassPace {
  role: 'lecturer';
  tour: unknown;
  students: { id: string; pseudonym: string }[];
  answers: AnswerRow[];
  revealed: Record<number, RevealedStep>;
}

export type ClassView = StudentView | LecturerView;

/** What the server sends on a socket. */
export type ServerMessage =
  | { type: 'view'; view: ClassView }
  /** A request's answer: done, or refused with the HTTP status it would have had and why. */
  | { type: 'done'; id: number }
  | { type: 'refused'; id: number | null; status: number; error: string };

/** A class just started: its code and the lecturer's secret (never part of a student's link). */
export interface Started {
  code: string;
  key: string;
}

/** A student who joined: their secret, kept by their page to answer and to come back. */
export interface Joined {
  code: string;
  key: string;
}

/** What the server says of itself: the page offers "Run as a class" only where one answers. */
export interface Health {
  ok: true;
  database: 'embedded' | 'postgresql';
  /**
   * The server's addresses on the room's networks (http://192.168.1.20:5173/): a lecturer who
   * opened the page as 127.0.0.1 gives students one of these to join by.
   */
  lan: string[];
}

/** The one answer to a code that names no running class, whether wrong, ended or deleted. */
export const NO_CLASS = 'No class with this code is running: check the code with your lecturer.';
