import type { SubscribePlatform } from '../../api/notification';

export interface SubscribeHost {
  /** The platform whose subscribe messages this target can ask for; null where there are none (H5). */
  platform: SubscribePlatform | null;
  /** Shows the platform's permission sheet for these templates: template id -> accept | reject | ban | filter. */
  request(templateIds: string[]): Promise<Record<string, string>>;
  /** Baidu: permission is granted through a subscribe form the customer submits, never through a sheet. */
  viaForm?: boolean;
}
