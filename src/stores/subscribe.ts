/**
 * Asks for the subscribe permission at the moments WeChat allows: right after paying, right after applying for a
 * refund. The template ids are fetched when the screen opens (prepare), so that at the moment the sheet is asked
 * for at once, inside the tap or payment callback WeChat requires. Nothing here may block or fail the flow.
 */
import type { NotificationApi, SubscribeMoment } from '../api/notification';
import type { SubscribeHost } from '../platform/subscribe/types';
import { swanFormResults, type SwanFormDetail } from '../domain/subscribe-form';

export class SubscribeAsker {
  private readonly ids = new Map<SubscribeMoment, string[]>();
  private readonly formIds = new Map<SubscribeMoment, Promise<string[]>>();

  constructor(
    private readonly api: NotificationApi,
    private readonly host: SubscribeHost,
  ) {}

  /** Fetches the moment's template ids ahead of it (once; nothing on H5). */
  prepare(moment: SubscribeMoment): void {
    const platform = this.host.platform;
    if (!platform || this.ids.has(moment)) return;
    // Marked at once, so a second prepare while the first is under way asks nothing; a failure may be asked again.
    this.ids.set(moment, []);
    this.api.templates(platform, moment).then(
      (info) => this.ids.set(moment, info.templateIds),
      () => this.ids.delete(moment),
    );
  }

  /** Shows the sheet for the prepared templates and records what the customer accepted. */
  async ask(moment: SubscribeMoment): Promise<void> {
    const platform = this.host.platform;
    const ids = this.ids.get(moment);
    if (!platform || this.host.viaForm || !ids?.length) return;
    try {
      const results = await this.host.request(ids);
      if (Object.values(results).includes('accept')) await this.api.subscribe(platform, results);
    } catch {
      // Refused sheet, old client, network: the customer hears by SMS instead.
    }
  }

  /** Baidu: the template ids its subscribe form asks for at this moment ([] elsewhere, or while unavailable). */
  formTemplates(moment: SubscribeMoment): Promise<string[]> {
    const platform = this.host.platform;
    if (!platform || !this.host.viaForm) return Promise.resolve([]);
    let ids = this.formIds.get(moment);
    if (!ids) {
      ids = this.api.templates(platform, moment).then(
        (info) => info.templateIds.slice(0, 3),
        () => {
          // A failure may be asked again by the next screen.
          this.formIds.delete(moment);
          return [];
        },
      );
      this.formIds.set(moment, ids);
    }
    return ids;
  }

  /** Baidu: records what the subscribe form's submit reported, under the form's subscribe-id. */
  async recordForm(subscribeId: string, templateIds: string[], detail: SwanFormDetail): Promise<void> {
    const platform = this.host.platform;
    if (!platform || !this.host.viaForm) return;
    const results = swanFormResults(templateIds, detail);
    if (Object.keys(results).length === 0) return;
    try {
      await this.api.subscribe(platform, results, subscribeId);
    } catch {
      // The customer hears by SMS instead; nothing may fail the tap that carried the form.
    }
  }
}
