/**
 * The hand-over between whoever asked for a place and the /choose-location page (H5, where there is no native
 * picker to await): the asker waits on a promise, the page settles it when the customer confirms or leaves.
 * One choice at a time; a second ask settles the first with null rather than leaving it waiting for ever.
 */
import type { Place } from '../../domain/location';

let waiting: ((place: Place | null) => void) | null = null;

export function awaitChoice(): Promise<Place | null> {
  waiting?.(null);
  return new Promise((resolve) => {
    waiting = resolve;
  });
}

/** Called by the page: the chosen place, or null when the customer left without one. */
export function settleChoice(place: Place | null): void {
  const done = waiting;
  waiting = null;
  done?.(place);
}

export function isAwaitingChoice(): boolean {
  return waiting !== null;
}
