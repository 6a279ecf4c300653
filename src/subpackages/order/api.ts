/** The order sub-package's own domain calls (after-sales, logistics), bound to the app's request wrapper. */
import { createAfterSalesApi } from '../../api/after-sales';
import { domainApi } from '../../stores/domain-api';

let api: { afterSales: ReturnType<typeof createAfterSalesApi> } | undefined;

/** One object for the package's pages (stable across renders). */
export function orderPackageApi() {
  return (api ??= { afterSales: domainApi(createAfterSalesApi) });
}
