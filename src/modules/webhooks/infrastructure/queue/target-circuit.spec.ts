import { TargetCircuit, type CircuitPass } from './target-circuit.js';

const SETTINGS = { threshold: 3, cooldownMs: 30_000, maxCooldownMs: 100_000, probeMs: 15_000 };
/** No jitter: a waiting caller is told exactly when the circuit may let it go. */
const circuit = () => new TargetCircuit(SETTINGS, () => 0);

function go(pass: CircuitPass): Extract<CircuitPass, { kind: 'go' }> {
  if (pass.kind !== 'go') throw new Error(`expected to go, was told to wait ${pass.retryInMs} ms`);
  return pass;
}

/** `n` tries to `target`, each admitted and timing out at `at`. */
function timeouts(c: TargetCircuit, target: string, n: number, at: number): void {
  for (let i = 0; i < n; i++) c.leave(target, go(c.enter(target, at)), 'timed_out', at);
}

describe('TargetCircuit', () => {
  it('opens after `threshold` timeouts in a row, and puts tries off until the cooldown ends', () => {
    const c = circuit();
    timeouts(c, 'w', 2, 0);
    const third = go(c.enter('w', 1000));
    expect(third).toEqual({ kind: 'go', probe: false });
    expect(c.leave('w', third, 'timed_out', 1000)).toBe(30_000);
    expect(c.isOpen('w', 1000)).toBe(true);
    expect(c.enter('w', 11_000)).toEqual({ kind: 'wait', retryInMs: 20_000 });
    // Other webhooks are not affected.
    expect(c.enter('other', 11_000)).toEqual({ kind: 'go', probe: false });
  });

  it('any other outcome between timeouts starts the count again', () => {
    const c = circuit();
    timeouts(c, 'w', 2, 0);
    c.leave('w', go(c.enter('w', 0)), 'ended', 0);
    timeouts(c, 'w', 2, 0);
    expect(c.isOpen('w', 0)).toBe(false);
    // A job that sent nothing (its try already recorded, or no slot) counts neither way.
    c.leave('w', go(c.enter('w', 0)), 'not_sent', 0);
    timeouts(c, 'w', 1, 0);
    expect(c.isOpen('w', 0)).toBe(true);
  });

  it('after the cooldown lets one probe go at a time; the others wait for its end', () => {
    const c = circuit();
    timeouts(c, 'w', 3, 0);
    const probe = go(c.enter('w', 30_000));
    expect(probe.probe).toBe(true);
    expect(c.enter('w', 31_000)).toEqual({ kind: 'wait', retryInMs: 14_000 });
    // A probe that made no request frees the turn for the next caller.
    c.leave('w', probe, 'not_sent', 31_000);
    expect(go(c.enter('w', 31_000)).probe).toBe(true);
  });

  it('a probe that gets an answer closes the circuit: every try goes again', () => {
    const c = circuit();
    timeouts(c, 'w', 3, 0);
    c.leave('w', go(c.enter('w', 30_000)), 'ended', 30_500);
    expect(c.isOpen('w', 30_500)).toBe(false);
    expect(c.enter('w', 30_500)).toEqual({ kind: 'go', probe: false });
    // ...and it takes `threshold` new timeouts to open it again.
    timeouts(c, 'w', 2, 31_000);
    expect(c.enter('w', 31_000).kind).toBe('go');
  });

  it('a probe that times out opens it again for twice as long, up to the maximum', () => {
    const c = circuit();
    timeouts(c, 'w', 3, 0);
    let at = 30_000;
    for (const cooldown of [60_000, 100_000, 100_000]) {
      const probe = go(c.enter('w', at));
      expect(probe.probe).toBe(true);
      at += 15_000;
      expect(c.leave('w', probe, 'timed_out', at)).toBe(cooldown);
      expect(c.enter('w', at + cooldown - 1)).toEqual({ kind: 'wait', retryInMs: 1 });
      at += cooldown;
    }
  });

  it('a forced try (a resend) passes an open circuit, and its answer closes it', () => {
    const c = circuit();
    timeouts(c, 'w', 3, 0);
    const forced = go(c.enter('w', 1000, { force: true }));
    expect(forced.probe).toBe(false);
    c.leave('w', forced, 'ended', 1500);
    expect(c.enter('w', 1500)).toEqual({ kind: 'go', probe: false });
  });

  it('spreads the callers it puts off over a quarter of the wait, at most 10 s', () => {
    const c = new TargetCircuit(SETTINGS, () => 0.999);
    timeouts(c, 'w', 3, 0);
    const wait = c.enter('w', 0);
    expect(wait.kind).toBe('wait');
    expect(wait.kind === 'wait' && wait.retryInMs).toBeGreaterThan(30_000 + 7000);
    expect(wait.kind === 'wait' && wait.retryInMs).toBeLessThanOrEqual(30_000 + 7500);
  });
});
