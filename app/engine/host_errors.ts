// An engine failure in words, as the host answers it: a client of another protocol version, a
// trap or stack overflow in the module, an error the bindings reported.
import type { BindingError } from '#wasm/archex';

import type { ErrorInfo } from './protocol';
import { PROTOCOL_VERSION } from './protocol';

/** The words an out-of-date client gets: what is wrong and what to do. */
export function versionMismatch(client: number): string {
  const older = client < PROTOCOL_VERSION;
  return (
    `This page speaks engine protocol ${client} and the engine speaks ${PROTOCOL_VERSION}: ` +
    `the ${older ? 'page' : 'engine'} is out of date. Reload the page (a cached copy may need a ` +
    'hard reload) so that both come from the same version of archex.'
  );
}

const RESTART = 'The engine restarts for the next run.';

/**
 * A failure thrown out of the module, in words. The bindings catch every C++ exception, so what
 * arrives here is a trap (the module stopped and cannot be used again), the JS stack running out,
 * or a C++ exception that escaped the bindings anyway, which JS sees as a bare number (a pointer).
 */
export function errorInfo(error: unknown): ErrorInfo {
  if (error instanceof WebAssembly.RuntimeError) {
    return {
      message:
        `The engine stopped on an internal error (${error.message}): a fault in archex, ` +
        `not in your parameters. ${RESTART} If it happens again with these parameters, ` +
        `please report it with this page's link.`,
      kind: 'failure',
      restart: true,
    };
  }
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    return {
      message:
        'The engine ran out of stack (calls nested too deep for these parameters). Try ' +
        `smaller values of the parameters that size the run. ${RESTART}`,
      kind: 'memory',
      restart: true,
    };
  }
  if (typeof error === 'number') {
    return {
      message:
        'The engine failed with an error it did not name (a C++ exception that escaped the ' +
        `bindings): a fault in archex. ${RESTART}`,
      kind: 'failure',
      restart: true,
    };
  }
  return { message: error instanceof Error ? error.message : String(error), kind: 'failure' };
}

/** An error the bindings reported; one that ran out of memory asks for a fresh host. */
export function bindingErrorInfo(error: BindingError): ErrorInfo {
  return { ...error, ...(error.kind === 'memory' ? { restart: true } : {}) };
}
