/** What a refusal carries beyond its code: the field it is about, a number for its text … */
export type DomainErrorDetails = Record<string, string | number>;

/**
 * A refusal of the domain, by code: services, guards and providers throw it and know nothing of
 * HTTP; http/errors.ts finds the code in the modules' refusal tables (app.ts hands them over) and
 * turns it into a status and a Russian text.
 */
export class DomainError<Code extends string = string> extends Error {
  constructor(
    readonly code: Code,
    readonly details: DomainErrorDetails = {},
  ) {
    super(code);
    this.name = 'DomainError';
  }
}
