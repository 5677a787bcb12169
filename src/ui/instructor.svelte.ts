// The instructor view: hidden tests, feedback-model prompts that quote them, scenarios and the
// reference stay out of the page until someone confirms they are an instructor. The choice
// lasts until the page is reloaded, and can be taken back at any time.

class Instructor {
  unlocked = $state(false);
  lock(): void {
    this.unlocked = false;
  }
}

export const instructor = new Instructor();
