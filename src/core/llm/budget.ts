// The per-run budget cap: a call starts only if, at its worst case, the run stays within the
// cap (spent + calls in flight + this call's most expensive outcome).

export class BudgetExceeded extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BudgetExceeded';
  }
}

export class Budget {
  private reserved = 0;

  constructor(
    /** Dollars; null means no cap. */
    readonly capUsd: number | null,
    public spentUsd = 0,
  ) {}

  /** Reserve a call's worst-case cost; throws BudgetExceeded when it could pass the cap. */
  reserve(worstCaseUsd: number | null): number {
    if (this.capUsd === null) return 0;
    if (worstCaseUsd === null) throw new BudgetExceeded('a budget cap needs known prices: this model has no price in the price table');
    if (this.spentUsd + this.reserved + worstCaseUsd > this.capUsd) {
      throw new BudgetExceeded(
        `the next call could cost up to $${worstCaseUsd.toFixed(4)}, which would pass the $${this.capUsd} budget ($${this.spentUsd.toFixed(4)} spent)`,
      );
    }
    this.reserved += worstCaseUsd;
    return worstCaseUsd;
  }

  /** Replace a reservation by what the call really cost (null: the provider gave no usage, keep the worst case). */
  settle(reservation: number, actualUsd: number | null): void {
    this.reserved -= reservation;
    this.spentUsd += actualUsd ?? reservation;
  }
}
