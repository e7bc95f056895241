// What each machine of the presets was and why it matters, one line each on the start page,
// declared once in presets/about/machines.json under the name the presets give it (`machine`).
import { z } from 'zod';

import raw from '../../presets/about/machines.json';

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

/** The line of the machine the presets call `name`. */
export function machineLine(name: string, list: Machine[] = machines): Machine | undefined {
  return list.find((m) => m.machine === name);
}
