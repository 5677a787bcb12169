// The instructor view: hidden tests' inputs and outputs, feedback-model prompts and rejected
// hints that quote them, and the reference stay out of the page until someone confirms they
// are an instructor. Test ids, pass/fail and scenario sizes are not hidden. The choice lasts
// until the page is reloaded, and can be taken back at any time.

class Instructor {
  unlocked = $state(false);
  lock(): void {
    this.unlocked = false;
  }
}

export const instructor = new Instructor();
