// A paper target's band of accepted values: a stated number's tolerance, a claim's bounds, and
// where the band comes from.
import { z } from 'zod';

export const Tolerance = z.union([
  z.object({ abs: z.number().nonnegative() }).strict(),
  z.object({ rel: z.number().nonnegative() }).strict(),
]);

/**
 * Where a target's band of accepted values comes from: `rounding` (the paper's last digit, or
 * the sum of its rounded terms), `stated-error` (an error or spread the paper gives or shows: its
 * range, its extremes, two of its numbers that disagree), `as-written` (a claim's bound in the
 * paper's own words, "less than 2.5 %") or `choice` (archex's reading, with why).
 */
export const Band = z
  .object({
    from: z.enum(['rounding', 'stated-error', 'as-written', 'choice']),
    why: z.string().min(1).optional(),
  })
  .strict()
  .refine((b) => b.why !== undefined || b.from === 'rounding' || b.from === 'as-written', {
    message: 'say why: which error the paper states, or the reason for the choice',
    path: ['why'],
  });

/**
 * The values a claim accepts, in the metric's unit: above or at least a lower bound, below or at
 * most an upper one, or both.
 */
export const Accept = z
  .object({
    above: z.number().finite().optional(),
    atLeast: z.number().finite().optional(),
    below: z.number().finite().optional(),
    atMost: z.number().finite().optional(),
  })
  .strict()
  .superRefine((a, ctx) => {
    const lower = [a.above, a.atLeast].filter((v) => v !== undefined);
    const upper = [a.below, a.atMost].filter((v) => v !== undefined);
    if (lower.length + upper.length === 0)
      ctx.addIssue({ code: 'custom', message: 'give a bound: above, atLeast, below or atMost' });
    if (lower.length > 1 || upper.length > 1)
      ctx.addIssue({ code: 'custom', message: 'one lower bound (above or atLeast), one upper' });
    if (lower.length === 1 && upper.length === 1 && lower[0]! >= upper[0]!)
      ctx.addIssue({ code: 'custom', message: 'the lower bound must be below the upper' });
  });
