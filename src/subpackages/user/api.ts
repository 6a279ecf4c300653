/** The user sub-package's own domain calls (feedback), bound to the app's request wrapper. */
import { createFeedbackApi } from '../../api/feedback';
import { domainApi } from '../../stores/domain-api';

let api: { feedback: ReturnType<typeof createFeedbackApi> } | undefined;

/** One object for the package's pages (stable across renders). */
export function userPackageApi() {
  return (api ??= { feedback: domainApi(createFeedbackApi) });
}
