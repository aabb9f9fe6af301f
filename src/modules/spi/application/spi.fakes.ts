import { SpiGateway, type SpiOrder, type SpiOrderStatus, type SpiResult } from './spi-gateway.js';

/** What one `send` does: answer with an outcome, throw (e.g. a TransientSpiError), or never answer. */
export type SendAnswer = SpiResult | Error | 'no-answer';
/** What one `status` query does: answer, or throw. */
export type StatusAnswer = SpiOrderStatus | Error;

/**
 * An SPI that answers from a script, one answer per call in order (`onSend`, `onStatus`); a call with
 * no answer left fails the test with a plain Error. `sent` and `statusAsked` record every call, and
 * `calls` their order (`send <e2e>`, `status <e2e>`).
 */
export class ScriptedSpi extends SpiGateway {
  readonly calls: string[] = [];
  readonly sent: SpiOrder[] = [];
  readonly statusAsked: string[] = [];
  private readonly sends: SendAnswer[] = [];
  private readonly statuses: StatusAnswer[] = [];

  onSend(...answers: SendAnswer[]): this {
    this.sends.push(...answers);
    return this;
  }

  onStatus(...answers: StatusAnswer[]): this {
    this.statuses.push(...answers);
    return this;
  }

  async send(order: SpiOrder): Promise<SpiResult> {
    this.calls.push(`send ${order.endToEndId}`);
    this.sent.push(order);
    const answer = this.sends.shift();
    if (answer === undefined) throw new Error(`ScriptedSpi: unexpected send of ${order.endToEndId}`);
    if (answer === 'no-answer') return new Promise<SpiResult>(() => undefined);
    if (answer instanceof Error) throw answer;
    return answer;
  }

  /** End-to-end ids of the orders the scheme sent back (`returned` answers from it). */
  readonly returns = new Set<string>();

  async returned(endToEndId: string): Promise<boolean> {
    return this.returns.has(endToEndId);
  }

  async status(endToEndId: string): Promise<SpiOrderStatus> {
    this.calls.push(`status ${endToEndId}`);
    this.statusAsked.push(endToEndId);
    const answer = this.statuses.shift();
    if (answer === undefined) throw new Error(`ScriptedSpi: unexpected status query for ${endToEndId}`);
    if (answer instanceof Error) throw answer;
    return answer;
  }
}
