/** The user sub-package's own domain calls (addresses, feedback), bound to the app's request wrapper. */
import { createAddressApi } from '../../api/address';
import { createFeedbackApi } from '../../api/feedback';
import { domainApi } from '../../stores/domain-api';

export interface UserPackageApi {
  address: ReturnType<typeof createAddressApi>;
  feedback: ReturnType<typeof createFeedbackApi>;
}

let api: UserPackageApi | undefined;

/** One object for the package's pages (stable across renders). */
export function userPackageApi(): UserPackageApi {
  return (api ??= { address: domainApi(createAddressApi), feedback: domainApi(createFeedbackApi) });
}
