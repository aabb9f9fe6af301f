/**
 * API Pix's callback (docs/reference/api-pix-2.9.0.yaml, `PUT /webhook/{chave}`, callback `listaPix`): what a
 * receiving user's webhook gets when a Pix with a txid arrives to its key. Pure: no framework.
 */

/** The received payment, as `cash_in.completed` states it (docs/events.md). */
export interface ReceivedPix {
  endToEndId: string;
  txid: string;
  /** Two decimals (`"110.00"`). */
  amount: string;
  /** The receiving key the payment named. */
  pixKey: string;
  /** When the money arrived (the event's time). */
  at: Date;
}

/**
 * Where a callback goes: the callback's path expression `{$request.body#/webhookUrl}/pix`, followed to the
 * letter, is the registered URL with `/pix` appended as text (docs/adr/0236-the-callback-goes-to-webhookurl-pix.md).
 * A URL ending in `/` gets `//pix`; one with a query gets `/pix` after the query (the `?ignorar=` practice of
 * receivers that want the callback on the registered path).
 */
export function pixCallbackUrl(webhookUrl: string): string {
  return `${webhookUrl}/pix`;
}

/**
 * The callback's body, the spec's `WebhookPixBody`: `{"pix": [Pix]}` with the spec's `Pix` fields the event
 * carries. One payment per callback (grouping several is allowed, not required). `infoPagador` (the payer's
 * free text) is not in the event, so it is left out (it is optional).
 */
export function pixCallbackBody(pix: ReceivedPix): string {
  return JSON.stringify({
    pix: [{ endToEndId: pix.endToEndId, txid: pix.txid, valor: pix.amount, chave: pix.pixKey, horario: pix.at.toISOString() }],
  });
}

/** The payment a `cash_in.completed` payload states, when it is one API Pix notifies (it carries a txid and a key); else null. */
export function receivedPixOf(payload: Record<string, unknown>, at: Date): ReceivedPix | null {
  const { end_to_end_id: e2e, txid, amount, pix_key: key } = payload;
  if (typeof e2e !== 'string' || typeof txid !== 'string' || typeof amount !== 'string' || typeof key !== 'string') return null;
  return { endToEndId: e2e, txid, amount, pixKey: key, at };
}
