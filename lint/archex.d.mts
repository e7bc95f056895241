// Types of the lint plugin (archex.mjs), for its test.
export const LAYERS: string[][];
export function roomOf(file: string): { room: string; level: number } | undefined;

interface Rule {
  create(context: {
    filename: string;
    report(problem: { node: unknown; message: string }): void;
  }): Record<string, (node: unknown) => void>;
}
declare const plugin: { meta: { name: string }; rules: { layers: Rule } };
export default plugin;
