// A catalogue code the server stored (an interruption reason) as the message users read.
import { domainErrors, type DomainErrorCode } from '@eluent/contracts';

export function catalogueText(code: string): string {
  return code in domainErrors ? domainErrors[code as DomainErrorCode] : code;
}
