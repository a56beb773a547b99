// A refused manual integration change: a catalogue code, the values its message names (peak numbers, the
// signal's range) and, in a batch, which change (1…) it was. Server and web word it with `domainErrorText`.
import { domainErrorText, type DomainErrorCode, type DomainErrorValues } from '../errors.ts';

export type IntegrationRefusalCode = Extract<DomainErrorCode, `integration_${string}`>;

export class IntegrationRefusal extends Error {
  constructor(
    readonly code: IntegrationRefusalCode,
    readonly values: DomainErrorValues = {},
    /** The refused change's place in its batch, from 1; null for a single change. */
    readonly change: number | null = null,
  ) {
    super(domainErrorText(code, values));
    this.name = 'IntegrationRefusal';
  }

  /** The same refusal, placed at a change of a batch. */
  at(change: number): IntegrationRefusal {
    return new IntegrationRefusal(this.code, this.values, change);
  }
}
