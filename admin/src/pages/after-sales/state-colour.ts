import type { AfterSaleState } from '@contract/rules/after-sale';

/** The tag colour of a state: waiting on the merchant stands out, finished ones are quiet. */
export function stateColour(state: AfterSaleState): string {
  if (state === 'APPLIED' || state === 'SHIPPED' || state === 'RECEIVED') return 'orange';
  if (state === 'REFUNDED') return 'green';
  if (state === 'REFUSED') return 'red';
  if (state === 'CANCELLED') return 'default';
  return 'blue';
}
