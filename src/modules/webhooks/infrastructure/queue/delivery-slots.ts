/** Why a try could not take a slot: its client holds its share, or its webhook its bound. */
export type SlotRefusal = 'client_share_full' | 'target_full';

/**
 * The delivery slots of one worker process, counted per client and per webhook: a try takes one place in
 * its client's share and one in its webhook's bound, or none. A job refused here does not wait in its queue
 * slot (a client whose receivers hang would soon hold every slot): it gives the slot back and is tried
 * again later, so one client can hold at most its share of the process however many webhooks and events
 * it has.
 */
export class DeliverySlots {
  private readonly byClient = new Map<string, number>();
  private readonly byTarget = new Map<string, number>();

  constructor(private readonly limits: { perClient: number; perTarget: number }) {}

  /** Takes a place for a try of `clientId` to `targetId`; the refusal when there is none. */
  take(clientId: string, targetId: string): SlotRefusal | null {
    if ((this.byClient.get(clientId) ?? 0) >= this.limits.perClient) return 'client_share_full';
    if ((this.byTarget.get(targetId) ?? 0) >= this.limits.perTarget) return 'target_full';
    increment(this.byClient, clientId, 1);
    increment(this.byTarget, targetId, 1);
    return null;
  }

  /** Gives back the place `take` gave. */
  give(clientId: string, targetId: string): void {
    increment(this.byClient, clientId, -1);
    increment(this.byTarget, targetId, -1);
  }

  /** Tries of `clientId` in flight now. */
  inFlight(clientId: string): number {
    return this.byClient.get(clientId) ?? 0;
  }
}

function increment(counts: Map<string, number>, key: string, by: number): void {
  const n = (counts.get(key) ?? 0) + by;
  if (n <= 0) counts.delete(key);
  else counts.set(key, n);
}
