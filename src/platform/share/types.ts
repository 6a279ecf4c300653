/** The one interface every target's share implementation has (callers import `platform/share`). */
import type { JsSignInfo } from '@contract/activity';
import type { ShareContent } from '../../domain/share';

export type { ShareContent };

export interface PageShareOptions {
  /** Route of the page, e.g. "pages/activity/courseDetail". */
  route: string;
  /** The page's query, carried into the shared path. */
  params: Readonly<Record<string, string>>;
  projectSn: string;
  /** The sharer's promoter code: the shared link carries it. */
  promoterCode?: string;
  /** The page's share content (§7 share reply); null until loaded, or for pages that share only a title. */
  info: ShareContent | null;
  /** Title used when the page has no share content of its own (the project name). */
  defaultTitle: string;
  /**
   * js/getJSSign for a page address; only the WeChat browser on H5 needs it. null when the server cannot sign
   * (the entrance said it has no official account): then WeChat's script is not loaded either.
   */
  sign: ((url: string) => Promise<JsSignInfo>) | null;
}

/** Page hook: sets up sharing for the page it runs in (from components/page-shell). */
export type UsePageShare = (options: PageShareOptions) => void;
