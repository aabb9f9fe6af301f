/**
 * Serves calls in groups, the way a database groups commits: a call that finds a run free starts one at
 * once, alone; calls that arrive while `maxInFlight` runs are busy wait, and the next free run takes them
 * together, up to `maxBatch`. Under light load nothing waits and each run serves one call; under load each
 * run serves many. `run` answers one outcome per item, in the items' order, so each caller gets its own
 * item's result or error; a `run` that throws fails every call of its group with that error.
 */
export class Batcher<T, R> {
  private readonly waiting: { item: T; resolve: (value: R) => void; reject: (reason: unknown) => void }[] = [];
  private running = 0;

  constructor(
    private readonly run: (items: T[]) => Promise<PromiseSettledResult<R>[]>,
    private readonly maxBatch: number,
    private readonly maxInFlight: number,
  ) {
    if (maxBatch < 1 || maxInFlight < 1) throw new Error('a batcher needs maxBatch >= 1 and maxInFlight >= 1');
  }

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.maxInFlight && this.waiting.length > 0) {
      const group = this.waiting.splice(0, this.maxBatch);
      this.running += 1;
      void this.serve(group).finally(() => {
        this.running -= 1;
        this.pump();
      });
    }
  }

  private async serve(group: typeof this.waiting): Promise<void> {
    let outcomes: PromiseSettledResult<R>[];
    try {
      outcomes = await this.run(group.map((call) => call.item));
    } catch (err) {
      for (const call of group) call.reject(err);
      return;
    }
    group.forEach((call, i) => {
      const outcome = outcomes[i];
      if (!outcome) call.reject(new Error(`a batch of ${group.length} answered ${outcomes.length} outcomes`));
      else if (outcome.status === 'fulfilled') call.resolve(outcome.value);
      else call.reject(outcome.reason);
    });
  }
}
