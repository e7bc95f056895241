// BookSim2's router keys archex maps by a rule of their own (booksim_keys.ts holds the table):
// its switch and VC allocators by name.
import type { BooksimValue, Config, Mapped } from './booksim_syntax';
import { whole, word } from './booksim_syntax';

/** BookSim's switch allocators archex has, by BookSim's name (allocator.cpp). */
const ALLOCATORS: Record<string, string> = {
  separable_input_first: 'separable input-first',
  separable_output_first: 'separable output-first',
  islip: 'iSLIP',
  wavefront: 'wavefront',
};

/** sw_allocator, with iSLIP's alloc_iters; one archex has not runs as iSLIP, said so. */
export function switchAllocator(value: BooksimValue, config: Config): Mapped {
  const name = word('sw_allocator', value);
  const allocator = ALLOCATORS[name];
  const iterations = whole('alloc_iters', config('alloc_iters'), 1, 4);
  const settings = {
    allocator: allocator ?? 'iSLIP',
    ...((allocator ?? 'iSLIP') === 'iSLIP' ? { allocator_iterations: String(iterations) } : {}),
  };
  if (allocator) return { settings };
  return {
    settings,
    note: `${name} is not one of archex's allocators (${Object.keys(ALLOCATORS).join(', ')}): iSLIP instead`,
  };
}

/** BookSim's VC allocators archex has, by BookSim's name (allocator.cpp). */
const VC_ALLOCATORS: Record<string, string> = {
  separable_input_first: 'separable input-first',
  islip: 'iSLIP',
};

/** vc_allocator, with iSLIP's alloc_iters; one archex has not runs as iSLIP, said so. */
export function vcAllocator(value: BooksimValue, config: Config): Mapped {
  const name = word('vc_allocator', value);
  const allocator = VC_ALLOCATORS[name] ?? 'iSLIP';
  const settings = {
    vc_allocator: allocator,
    ...(allocator === 'iSLIP'
      ? { allocator_iterations: String(whole('alloc_iters', config('alloc_iters'), 1, 4)) }
      : {}),
  };
  if (VC_ALLOCATORS[name]) return { settings };
  return {
    settings,
    note: `${name} is not one of archex's VC allocators (${Object.keys(VC_ALLOCATORS).join(', ')}): iSLIP instead`,
  };
}
