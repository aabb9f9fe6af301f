import type { Money } from '../../../../shared/money/money.js';

export type SandboxOutcome =
  { kind: 'settle'; returnLater: boolean } | { kind: 'reject'; code: string; message: string } | { kind: 'timeout' };

/** docs/conventions.md §11: the cents of the amount choose what the sandbox SPI does. */
export function sandboxOutcome(amount: Money): SandboxOutcome {
  switch (amount.cents()) {
    case '91':
      return { kind: 'reject', code: 'AC03', message: 'Invalid creditor account number' };
    case '92':
      return { kind: 'reject', code: 'AM04', message: 'Insufficient funds at the receiving institution' };
    case '93':
      return { kind: 'timeout' };
    case '94':
      return { kind: 'settle', returnLater: true };
    default:
      return { kind: 'settle', returnLater: false };
  }
}
