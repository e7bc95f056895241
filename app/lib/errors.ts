// The library's one error type.

/**
 * A failure, typed: `kind` says what failed ('param': a parameter, named in `param`, out of its
 * range or unknown; 'input': an unknown preset or model, or an option out of range, the option
 * named in `param` (`threads`, `maxMemoryMB`, `timeLimit`); 'memory': the
 * run needed more memory than it may use; 'failure' or 'crash': the engine failed or its thread
 * died; 'time-limit': the run reached its `timeLimit`, the message saying how many of its points
 * had finished). The message says what to change. A run stopped by its signal rejects with the
 * signal's AbortError instead.
 */
export class ArchexError extends Error {
  constructor(
    message: string,
    readonly kind: 'param' | 'input' | 'memory' | 'failure' | 'crash' | 'time-limit',
    readonly param?: string,
  ) {
    super(message);
    this.name = 'ArchexError';
  }
}
