/**
 * Baidu grants subscribe messages through a <form report-submit report-type="subscribe"> button (its template-id
 * and subscribe-id), not through an API a flow can call; until the pay and refund screens carry that button, the
 * smart program asks for nothing here and its customers hear by SMS.
 */
import type { SubscribeHost } from './types';

export * from './types';

export const subscribeHost: SubscribeHost = { platform: null, request: async () => ({}) };
