// The words of a network's drawings in the reader's language (catalogue namespace charts): a
// shape's name, and each kind of drawing's label with its counts.
import { chartsT } from '../words';

export { chartsT } from '../words';

/** A network's shape as the engine names it ("mesh", "fat tree"), in the reader's language. */
export function shapeName(shape: string): string {
  return chartsT('shape', { shape: shape.replace(/\W+/g, '_'), name: shape });
}
