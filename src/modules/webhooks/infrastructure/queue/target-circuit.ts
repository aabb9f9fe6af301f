/** How a webhook that keeps timing out is backed off (per worker process). */
export interface CircuitSettings {
  /** Timeouts in a row (no other outcome between them) that open the circuit. */
  threshold: number;
  /** How long the circuit stays open the first time; each failed probe doubles it, up to `maxCooldownMs`. */
  cooldownMs: number;
  maxCooldownMs: number;
  /** The longest a probe can take (the try timeout): those waiting on it look again after that. */
  probeMs: number;
}

/** What a try may do: go (as the probe of a half-open circuit, or not), or come back in `retryInMs`. */
export type CircuitPass = { kind: 'go'; probe: boolean } | { kind: 'wait'; retryInMs: number };

/** How a try admitted by `enter` ended: no answer in time, any other outcome, or no request made. */
export type TryEnd = 'timed_out' | 'ended' | 'not_sent';

interface Health {
  /** Timeouts in a row. */
  timeouts: number;
  /** While set, the circuit is open until then; after it, half-open: one probe at a time. */
  openUntil: number | null;
  cooldownMs: number;
  /** When the probe in flight started, if one is. */
  probeSince: number | null;
}

/** Callers waiting on a circuit come back spread over this much (a quarter of the wait, at most 10 s). */
const spread = (waitMs: number) => Math.min(10_000, waitMs / 4);

/**
 * A circuit breaker per webhook: after `threshold` timeouts in a row its tries stop (they are put off, never
 * counted as tries) until a cooldown ends; then one try goes as a probe. Any outcome other than a timeout
 * closes the circuit; a probe that times out opens it again for twice as long. Forced tries (resends, which
 * a person asked for) pass an open circuit, and their outcome counts like any other. Time (ms) is passed in.
 */
export class TargetCircuit {
  private readonly targets = new Map<string, Health>();

  constructor(
    private readonly settings: CircuitSettings,
    private readonly random: () => number = Math.random,
  ) {}

  /** Whether a try to `target` may go at `now`. */
  enter(target: string, now: number, opts: { force?: boolean } = {}): CircuitPass {
    const h = this.targets.get(target);
    if (!h || h.openUntil === null || opts.force) return { kind: 'go', probe: false };
    if (now < h.openUntil) return this.wait(h.openUntil - now);
    if (h.probeSince !== null) return this.wait(Math.max(1000, h.probeSince + this.settings.probeMs - now));
    h.probeSince = now;
    return { kind: 'go', probe: true };
  }

  /**
   * The try `enter` let go has ended (`pass` is what `enter` answered). Returns the cooldown when this end
   * opened the circuit (or opened it again), else null.
   */
  leave(target: string, pass: Extract<CircuitPass, { kind: 'go' }>, end: TryEnd, now: number): number | null {
    let h = this.targets.get(target);
    if (h && pass.probe) h.probeSince = null;
    if (end === 'not_sent') return null;
    if (end === 'ended') {
      this.targets.delete(target);
      return null;
    }
    if (!h) {
      h = { timeouts: 0, openUntil: null, cooldownMs: this.settings.cooldownMs, probeSince: null };
      this.targets.set(target, h);
    }
    h.timeouts += 1;
    if (pass.probe) h.cooldownMs = Math.min(this.settings.maxCooldownMs, h.cooldownMs * 2);
    else if (h.openUntil !== null || h.timeouts < this.settings.threshold) return null;
    h.openUntil = now + h.cooldownMs;
    return h.cooldownMs;
  }

  /** Whether tries to `target` are being put off at `now` (open, or half-open with its probe out). */
  isOpen(target: string, now: number): boolean {
    const h = this.targets.get(target);
    return h !== undefined && h.openUntil !== null && (now < h.openUntil || h.probeSince !== null);
  }

  private wait(ms: number): CircuitPass {
    return { kind: 'wait', retryInMs: Math.round(ms + this.random() * spread(ms)) };
  }
}
