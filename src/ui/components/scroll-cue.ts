// Where a box that scrolls sideways stands: whether its content is wider than it, and whether
// there is more to see before (left of) and after (right of) what it shows.

export interface Overflow {
  scrolls: boolean;
  before: boolean;
  after: boolean;
}

export interface Scrollable {
  scrollLeft: number;
  scrollWidth: number;
  clientWidth: number;
}

export const NO_OVERFLOW: Overflow = { scrolls: false, before: false, after: false };

/** A pixel of slack each way: zoomed pages round scroll positions to fractions. */
export function overflowOf(box: Scrollable): Overflow {
  const extra = box.scrollWidth - box.clientWidth;
  if (extra <= 1) return NO_OVERFLOW;
  return { scrolls: true, before: box.scrollLeft > 1, after: box.scrollLeft < extra - 1 };
}

/** The words of the hint beside the table: which way there is more to scroll. */
export function hintOf(o: Overflow): string {
  if (!o.scrolls) return '';
  if (o.after && o.before) return '← scroll →';
  return o.after ? 'scroll →' : '← scroll';
}
