// What each machine of the presets was and why it matters, one line each on the start page,
// declared once in presets/about/machines.json under the name the presets give it (`machine`).
import { z } from 'zod';

import raw from '../../presets/about/machines.json';
import rawJa from '../../presets/about/ja/machines.json';
import type { Lang } from '../i18n/languages';
import { PSEUDO } from '../i18n/languages';
import { wrap } from '../i18n/pseudo';

const MachineSchema = z
  .object({
    /** The presets' `machine`, as written there. */
    machine: z.string().min(1),
    /** What it was, in a sentence. */
    was: z.string().min(1),
    /** Why it matters: what its paper showed, in a sentence. */
    matters: z.string().min(1),
  })
  .strict();
export type Machine = z.infer<typeof MachineSchema>;

const MachinesSchema = z
  .object({ machines: z.array(MachineSchema).min(1) })
  .strict()
  .superRefine((m, ctx) => {
    const names = m.machines.map((x) => x.machine);
    names.forEach((name, i) => {
      if (names.indexOf(name) !== i)
        ctx.addIssue({ code: 'custom', path: ['machines', i], message: `'${name}' twice` });
    });
  });

/** The machines' lines checked against their schema, or an error naming what is wrong. */
export function parseMachines(json: unknown): Machine[] {
  const parsed = MachinesSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`machines: ${issue.path.join('.')}: ${issue.message}`);
  }
  return parsed.data.machines;
}

export const machines: Machine[] = parseMachines(raw);

/** A field said: not empty, no space at either end. */
const said = z.string().regex(/^\S(.*\S)?$/u, 'empty, or a space at an end');

/** A machine in another language (presets/about/<lang>/machines.json), by its English name. */
export const LangMachinesSchema = z
  .object({
    machines: z.record(
      z.string(),
      z
        .object({
          /** Its name as its builders wrote it in that language, else as that language writes it. */
          name: said,
          /** Where that name comes from. */
          name_from: said,
          was: said,
          matters: said,
        })
        .strict(),
    ),
  })
  .strict();

/** A machine's line in a language: its name there, what it was and why it matters. */
export type MachineWords = Machine & { name: string };

const byLang: Record<Lang, MachineWords[]> = {
  en: machines.map((m) => ({ ...m, name: m.machine })),
  [PSEUDO]: machines.map((m) => ({
    machine: m.machine,
    name: wrap(m.machine),
    was: wrap(m.was),
    matters: wrap(m.matters),
  })),
  ja: (() => {
    const own = LangMachinesSchema.parse(rawJa).machines;
    return machines.map((m) => {
      const words = own[m.machine];
      if (!words) throw new Error(`presets/about/ja/machines.json: no entry for '${m.machine}'`);
      return { machine: m.machine, name: words.name, was: words.was, matters: words.matters };
    });
  })(),
};

/** The line of the machine the presets call `name`, in a reader's language. */
export function machineLine(name: string, lang: Lang = 'en'): MachineWords | undefined {
  return byLang[lang].find((m) => m.machine === name);
}
