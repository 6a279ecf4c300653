/**
 * Baidu grants subscribe messages through a <form report-submit report-type="subscribe"> button (its template-id
 * and subscribe-id), not through an API a flow can call: the pay-result and refund-apply buttons are that form's
 * submit button on swan (components/subscribe-button), and nothing is asked here.
 */
import type { SubscribeHost } from './types';

export * from './types';

export const subscribeHost: SubscribeHost = { platform: 'SWAN', viaForm: true, request: async () => ({}) };
