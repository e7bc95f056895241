import { z } from 'zod';

/** A parameter's value in the link: one number or a list. */
const Value = z.union([z.number().finite(), z.array(z.number().finite()).min(1)]);

/**
 * The all-machines page's part of the link: the machine whose parameters are open (a LogP preset's
 * id) and, per machine, the parameters set away from its preset.
 */
export const MachinesLinkSchema = z
  .object({
    machine: z.string().min(1).optional(),
    params: z.record(z.string(), z.record(z.string(), Value)).default({}),
    unit: z.enum(['us', 'cycles']).default('us'),
  })
  .strict();

export type MachinesLink = z.infer<typeof MachinesLinkSchema>;

export const emptyMachinesLink: MachinesLink = { params: {}, unit: 'us' };
