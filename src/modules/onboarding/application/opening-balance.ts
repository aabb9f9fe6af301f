/**
 * Port: credits a newly opened client's first balance. Only a provider that can create money for
 * testing (the sandbox, with a simulated inbound Pix) has an adapter; a real provider's client gets
 * money only by receiving a payment.
 */
export abstract class OpeningBalance {
  abstract credit(clientId: string, amount: string): Promise<void>;
}
