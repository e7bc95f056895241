// What the bench's parts share: the repository's root, one JSON line per measurement, and a
// rate measured over about a second.

/** The repository's root. */
export const root = new URL('../../', import.meta.url);

/** Prints one measurement as a JSON line: {"name", "value", "unit"}. */
export function emit(name: string, value: number, unit: string) {
  console.log(JSON.stringify({ name, value, unit }));
}

/** Calls `once` repeatedly for about a second; returns calls per second. */
export async function rate(once: () => unknown): Promise<number> {
  for (let i = 0; i < 50; i++) await once();
  let calls = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < 1000) {
    for (let i = 0; i < 20; i++) await once();
    calls += 20;
    elapsed = performance.now() - start;
  }
  return (calls * 1000) / elapsed;
}
