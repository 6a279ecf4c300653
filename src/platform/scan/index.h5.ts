/** H5 has no scan entry: a printed claim code is a URL, which the phone's camera app opens in the browser. */
import type { Scanner } from './types';

export * from './types';

export const scanner: Scanner = {
  available: false,
  scan: async () => null,
};
