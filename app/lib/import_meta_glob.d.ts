// Vite's import.meta.glob, as the page's modules the library shares call it (a language's words are
// fetched by it); the library never asks for another language, so never calls it.
interface ImportMeta {
  glob<T>(
    pattern: string | string[],
    options?: { eager?: boolean; import?: string },
  ): Record<string, () => Promise<T>>;
}
