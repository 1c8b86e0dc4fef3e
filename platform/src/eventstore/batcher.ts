export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Runs submitted work in batches: whatever arrives while the batches in flight run forms the next one,
 * taken in submission order. If a whole batch fails, its items are retried one by one so that one bad
 * item cannot fail the others.
 *
 * A batch starts on the next turn of the event loop (`setImmediate`), not at the submit or the
 * completion that frees its slot: the callers a completed batch answers submit their next work in the
 * microtasks after it, and requests whose bytes arrived in the same poll submit in the same turn, so
 * all of them share one batch. Started at once, the first of them would take the free slot alone and
 * the rest wait a whole batch behind it (batches alternated between dozens of items and one).
 */
export class Batcher<Input, Output> {
  private readonly waiting: { input: Input; settle: (outcome: Outcome<Output>) => void }[] = [];
  private inFlight = 0;
  private startScheduled = false;

  constructor(
    private readonly runBatch: (inputs: Input[]) => Promise<Outcome<Output>[]>,
    private readonly limits: { maxBatchSize: number; maxBatchesInFlight: number },
  ) {}

  submit(input: Input): Promise<Output> {
    const outcome = new Promise<Outcome<Output>>((settle) => this.waiting.push({ input, settle }));
    this.scheduleStart();
    return outcome.then((settled) => {
      if (settled.ok) return settled.value;
      throw settled.error;
    });
  }

  private scheduleStart(): void {
    if (this.startScheduled || this.inFlight >= this.limits.maxBatchesInFlight || this.waiting.length === 0) return;
    this.startScheduled = true;
    setImmediate(() => {
      this.startScheduled = false;
      this.startBatches();
    });
  }

  private startBatches(): void {
    while (this.inFlight < this.limits.maxBatchesInFlight && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.limits.maxBatchSize);
      this.inFlight += 1;
      void this.runIsolated(batch.map((item) => item.input)).then((outcomes) => {
        batch.forEach((item, index) => item.settle(outcomes[index] ?? missingOutcome()));
        this.inFlight -= 1;
        this.scheduleStart();
      });
    }
  }

  private async runIsolated(inputs: Input[]): Promise<Outcome<Output>[]> {
    try {
      return await this.runBatch(inputs);
    } catch (error) {
      if (inputs.length === 1) return [{ ok: false, error }];
      const outcomes: Outcome<Output>[] = [];
      for (const input of inputs) outcomes.push(...(await this.runIsolated([input])));
      return outcomes;
    }
  }
}

function missingOutcome(): Outcome<never> {
  return { ok: false, error: new Error('Batch returned fewer outcomes than inputs') };
}
