// The instructor view: hidden tests' inputs and outputs, feedback-model prompts and rejected
// hints that quote them, and the reference stay out of the page until someone confirms they
// are an instructor. Test ids, pass/fail and scenario sizes are not hidden. A confirmation holds
// where it was given — one dataset on the Datasets page, one run on Results, one Teach session —
// until that is left or the page reloaded, and can be taken back at any time: it is never
// carried anywhere else, above all not into a learner's Teach session, where the gate asks again.
import { router } from './router.svelte.ts';

class Instructor {
  /** Where the confirmation was given (page and dataset, run or session); null when the view is closed. */
  private scope = $state<string | null>(null);
  private here(): string {
    return `${router.path}/${router.params[0] ?? ''}`;
  }
  get unlocked(): boolean {
    return this.scope !== null && this.scope === this.here();
  }
  unlock(): void {
    this.scope = this.here();
  }
  lock(): void {
    this.scope = null;
  }
  constructor() {
    // Leaving the place it was given ends it (the router has read the new address by now).
    window.addEventListener('hashchange', () => {
      if (this.scope !== this.here()) this.lock();
    });
  }
}

export const instructor = new Instructor();
