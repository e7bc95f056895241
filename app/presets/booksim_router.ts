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

/**
 * An allocator's iSLIP iterations as BookSim2's routers run them. IQRouter builds its allocators
 * with Allocator::NewAllocator(this, name, type, inputs, outputs) and no configuration, so
 * allocator.cpp's `config ? config->GetInt("alloc_iters") : 1` takes 1: alloc_iters is never
 * read, and only an iteration count in the allocator's name (`islip(2)`) is. The name without
 * it, and the count (undefined: none given, one iteration).
 */
function allocatorIterations(key: string, value: BooksimValue): [string, number | undefined] {
  const name = word(key, value);
  const m = /^([A-Za-z_]+)\((\d+)\)$/.exec(name);
  if (!m?.[1] || !m[2]) return [name, undefined];
  return [m[1], whole(key, Number(m[2]), 1, 4)];
}

/** The note for an alloc_iters other than 1: BookSim2 runs one iteration all the same. */
function unreadIterations(config: Config): string | undefined {
  const iters = whole('alloc_iters', config('alloc_iters'), 1, 4);
  if (iters === 1) return undefined;
  return (
    `alloc_iters = ${iters} is never read by BookSim2's routers (iq_router.cpp builds its ` +
    'allocators without the configuration): iSLIP runs 1 iteration, as here; name it in the ' +
    `allocator, islip(${iters}), for ${iters}`
  );
}

/** sw_allocator, with iSLIP's iterations as BookSim2 runs them; one archex has not runs as iSLIP. */
export function switchAllocator(value: BooksimValue, config: Config): Mapped {
  const [name, given] = allocatorIterations('sw_allocator', value);
  const allocator = ALLOCATORS[name];
  const iterations = given ?? 1;
  const settings = {
    allocator: allocator ?? 'iSLIP',
    ...((allocator ?? 'iSLIP') === 'iSLIP' ? { allocator_iterations: String(iterations) } : {}),
  };
  const notes: string[] = [];
  if (!allocator) {
    notes.push(
      `${name} is not one of archex's allocators (${Object.keys(ALLOCATORS).join(', ')}): iSLIP instead`,
    );
  }
  const unread = unreadIterations(config);
  if (unread && given === undefined) notes.push(unread);
  return notes.length ? { settings, note: notes.join('; ') } : { settings };
}

/** BookSim's VC allocators archex has, by BookSim's name (allocator.cpp). */
const VC_ALLOCATORS: Record<string, string> = {
  separable_input_first: 'separable input-first',
  islip: 'iSLIP',
};

/** vc_allocator, with iSLIP's iterations as BookSim2 runs them; one archex has not runs as iSLIP. */
export function vcAllocator(value: BooksimValue, config: Config): Mapped {
  const [name, given] = allocatorIterations('vc_allocator', value);
  const allocator = VC_ALLOCATORS[name] ?? 'iSLIP';
  // archex has one iteration count for both allocators: an iSLIP switch allocator's sets it
  // (switchAllocator), else this one's.
  const [switchName, switchGiven] = allocatorIterations(
    'sw_allocator',
    config('sw_allocator') ?? 'islip',
  );
  const switchIslip = (ALLOCATORS[switchName] ?? 'iSLIP') === 'iSLIP';
  const settings = {
    vc_allocator: allocator,
    ...(allocator === 'iSLIP' && !switchIslip ? { allocator_iterations: String(given ?? 1) } : {}),
  };
  const notes: string[] = [];
  if (!VC_ALLOCATORS[name]) {
    notes.push(
      `${name} is not one of archex's VC allocators (${Object.keys(VC_ALLOCATORS).join(', ')}): iSLIP instead`,
    );
  }
  if (allocator === 'iSLIP' && switchIslip && (given ?? 1) !== (switchGiven ?? 1)) {
    notes.push(
      `BookSim2's VC allocator runs ${given ?? 1} iSLIP iteration(s); archex runs the switch allocator's ${switchGiven ?? 1} in both`,
    );
  }
  return notes.length ? { settings, note: notes.join('; ') } : { settings };
}
