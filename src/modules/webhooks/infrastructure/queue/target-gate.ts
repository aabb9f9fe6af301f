/**
 * Bounds how many deliveries to one webhook are in flight in this process. A job that finds its target
 * full does not wait in its queue slot (a slow target would soon hold every slot): it gives the slot back
 * and is tried again later.
 */
export class TargetGate {
  private readonly inFlight = new Map<string, number>();

  constructor(private readonly perTarget: number) {}

  /** Takes a place for `target`; false when it has none free. */
  tryEnter(target: string): boolean {
    const n = this.inFlight.get(target) ?? 0;
    if (n >= this.perTarget) return false;
    this.inFlight.set(target, n + 1);
    return true;
  }

  leave(target: string): void {
    const n = (this.inFlight.get(target) ?? 1) - 1;
    if (n <= 0) this.inFlight.delete(target);
    else this.inFlight.set(target, n);
  }
}
