/** H5 has no subscribe messages: customers hear by SMS (server domains/notification). */
import type { SubscribeHost } from './types';

export * from './types';

export const subscribeHost: SubscribeHost = { platform: null, request: async () => ({}) };
