// The memory an engine may be given, in MB: the bounds the CLI's --max-memory and the library's
// maxMemoryMB are checked against, and the loaders hand to the module.

/** What the module takes unless told less: wasm32's 4 GB, the build's maximum. */
export const MAX_MEMORY_MB = 4096;
/** The module's initial memory, the least it can be given. */
export const MIN_MEMORY_MB = 16;
