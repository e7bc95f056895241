// The error every command and the library say a user's input is wrong with.
/** A failure of the user's input: printed as is, exit code 2; `param` the parameter it names. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly param?: string,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}
