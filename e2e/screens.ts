/**
 * How a walk finds the page a person is looking at, and types as a person does.
 *
 * Taro's H5 router keeps every page of the stack in the DOM, each in a `.taro_page` whose id is the page's own
 * path (`/pages/order/courseOrderSubmit?stamp=AB`, unique per instance). A hidden page carries
 * `taro_page_shade` (or is display:none as a stationed page that is not the last child); a page being opened
 * gets `taro_page_show` after its first render; a page being closed loses it at once. The visible page is the
 * last shown, unshaded, displayed `.taro_page`. `currentPage` waits until that page is the route a walk
 * expects (the hash names it too) and the page's own marker is visible inside it, then returns a locator pinned
 * to that instance by its id: if the walk moves on, the locator points at a hidden page and fails loudly instead
 * of acting on whichever page happens to be in the DOM.
 */
import type { Locator, Page } from 'playwright-core';

/** The longest any single wait may last. Waits end when their condition holds; this bound is for a busy machine. */
export const WAIT_MS = 45000;
/** Between two keystrokes, as a quick typist: enough for the page to re-render between keys. */
export const KEY_DELAY_MS = 40;

export interface Screen {
  /** Route without the leading slash, as in the hash: pages/order/courseOrderSubmit. */
  route: string;
  /** A selector inside the page that shows it has rendered what a person would act on. */
  marker: string;
}

export const SCREENS = {
  entrance: { route: 'pages/entrance/entrance', marker: '.sf-entrance' },
  login: { route: 'pages/entrance/entrance', marker: '.sf-login__submit' },
  home: { route: 'pages/index/index', marker: '.sf-home .sf-modules' },
  tabTwo: { route: 'pages/index/tabTwo', marker: '.sf-home .sf-modules' },
  tabThree: { route: 'pages/index/tabThree', marker: '.sf-home .sf-modules' },
  tabFour: { route: 'pages/index/tabFour', marker: '.sf-home .sf-modules' },
  center: { route: 'pages/center/center', marker: '.sf-center' },
  custom: { route: 'pages/index/indexCustom', marker: '.sf-custom .sf-modules' },
  search: { route: 'pages/index/indexSearch', marker: '.sf-search #search-input' },
  error: { route: 'pages/error/error', marker: '.sf-error' },
  courseDetail: { route: 'pages/activity/courseDetail', marker: '.sf-act__name' },
  activityDetail: { route: 'pages/activity/activityDetail', marker: '.sf-act__name' },
  reviews: { route: 'subpackages/activity/getCommentList/getCommentList', marker: '.sf-reviews .sf-reviews__summary' },
  moreActivity: { route: 'subpackages/activity/moreActivity/moreActivity', marker: '.sf-more .sf-card' },
  courseOrderSubmit: { route: 'pages/order/courseOrderSubmit', marker: '.sf-submit__btn' },
  orderSubmit: { route: 'pages/order/orderSubmit', marker: '.sf-submit__btn' },
  deliveryAddress: { route: 'subpackages/user/address/deliveryAddress', marker: '.sf-addresses .sf-addresses__bar' },
  addEditAddress: { route: 'subpackages/user/address/addEditAddress', marker: '.sf-address-form__save' },
  orderDetail: { route: 'pages/order/orderDetail', marker: '.sf-detail__status' },
  orderList: { route: 'pages/order/orderList', marker: '.sf-orders' },
  result: { route: 'subpackages/result/success/index', marker: '#result-title' },
} satisfies Record<string, Screen>;

/** The route the hash names: "#/pages/order/orderDetail?orderNo=1" -> "pages/order/orderDetail". */
export function hashRoute(url: string): string {
  const hash = new URL(url).hash;
  return hash.replace(/^#\/?/, '').split('?')[0];
}

/**
 * Waits until `screen` is the visible page (its route in location.hash and on top of the shown pages) and its
 * marker (or `marker`) is visible inside it; returns a locator of that page instance. Every locator a walk uses
 * hangs off this one.
 */
export async function currentPage(
  page: Page,
  screen: Screen,
  { marker = screen.marker, timeout = WAIT_MS } = {},
): Promise<Locator> {
  // The page instance is chosen together with its marker: a route opened again can show an instance already in
  // the stack for a moment before the router puts a new one on top, and a locator fixed on the first would wait
  // in a hidden page.
  let handle;
  try {
    handle = await page.waitForFunction(
      ({ route, marker }: { route: string; marker: string }) => {
        const inHash = location.hash.replace(/^#\/?/, '').split('?')[0];
        if (inHash !== route) return null;
        const shown = Array.from(document.querySelectorAll<HTMLElement>('.taro_page')).filter(
          (el) =>
            el.classList.contains('taro_page_show') &&
            !el.classList.contains('taro_page_shade') &&
            getComputedStyle(el).display !== 'none',
        );
        const top = shown[shown.length - 1];
        if (!top || !(top.id === `/${route}` || top.id.startsWith(`/${route}?`))) return null;
        const visible = Array.from(top.querySelectorAll<HTMLElement>(marker)).some(
          (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden',
        );
        return visible ? top.id : null;
      },
      { route: screen.route, marker },
      { timeout, polling: 50 },
    );
  } catch (err) {
    const seen = await pagesSeen(page, marker);
    const onTop = hashRoute(page.url()) === screen.route;
    throw new Error(
      onTop
        ? `${screen.route} is the visible page but ${marker} did not show in it: ${JSON.stringify(seen)}\n${String(err)}`
        : `${screen.route} did not become the visible page: ${JSON.stringify(seen)}\n${String(err)}`,
      { cause: err },
    );
  }
  const id = (await handle.jsonValue()) as string;
  return page.locator(`.taro_page[id="${id.replace(/["\\]/g, '\\$&')}"]`);
}

/** The last API replies each phone saw (status, method, path), printed when a wait fails. */
const trails = new WeakMap<Page, string[]>();
const TRAIL_LENGTH = 20;

/** Starts keeping `page`'s API trail (the harness calls it for every phone). */
export function keepTrail(page: Page): void {
  const trail: string[] = [];
  trails.set(page, trail);
  const note = (line: string) => {
    trail.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (trail.length > TRAIL_LENGTH) trail.shift();
  };
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (!/^\/(front|api|sns|connect|v3)\//.test(url.pathname)) return;
    const line = `${r.status()} ${r.request().method()} ${url.pathname}`;
    // The envelope's code and message tell a refusal the HTTP status hides (§7: 200 with state/code).
    r.json()
      .then((b: { code?: unknown; message?: unknown }) =>
        note(`${line} code=${String(b?.code ?? '')} ${String(b?.message ?? '').slice(0, 40)}`),
      )
      .catch(() => note(line));
  });
  page.on('requestfailed', (r) =>
    note(`failed ${r.method()} ${new URL(r.url()).pathname}: ${r.failure()?.errorText ?? ''}`),
  );
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) note(`navigated ${f.url()}`);
  });
}

/**
 * What a failed wait saw: the address, every page in the DOM with its classes, where `marker` is in each, the
 * toast on screen and the API trail.
 */
async function pagesSeen(page: Page, marker: string) {
  const dom = await page
    .evaluate(
      (sel: string) => ({
        hash: location.hash,
        pages: Array.from(document.querySelectorAll<HTMLElement>('.taro_page')).map((el) => {
          const found = Array.from(el.querySelectorAll<HTMLElement>(sel)).map((m) => {
            const r = m.getBoundingClientRect();
            return `${Math.round(r.width)}x${Math.round(r.height)} ${getComputedStyle(m).display}/${getComputedStyle(m).visibility}`;
          });
          return `${el.id} [${el.className}] display=${getComputedStyle(el).display} marker=${JSON.stringify(found)} text=${(el.textContent || '').slice(0, 80)}`;
        }),
        toast: document.querySelector('.taro__toast')?.textContent ?? '',
      }),
      marker,
    )
    .catch(() => null);
  return { ...dom, trail: trails.get(page) ?? [] };
}

/**
 * Waits for `marker` to show inside `root` (a page from currentPage); when it does not, the error says what every
 * page showed instead, so a failure on a machine we cannot watch still tells what the customer saw.
 */
export async function shownIn(page: Page, root: Locator, marker: string, timeout = WAIT_MS): Promise<Locator> {
  const found = root.locator(marker);
  try {
    await found.waitFor({ state: 'visible', timeout });
  } catch (err) {
    throw new Error(`${marker} did not show: ${JSON.stringify(await pagesSeen(page, marker))}\n${String(err)}`, {
      cause: err,
    });
  }
  return found;
}

/** Opens `path` (e.g. "/pages/order/orderList") by its address, as a link or a typed URL would, and waits for it. */
export async function openScreen(
  page: Page,
  baseUrl: string,
  path: string,
  screen: Screen,
  options?: { marker?: string },
): Promise<Locator> {
  await page.goto(`${baseUrl}/#${path}`);
  return currentPage(page, screen, options);
}

/** The text field (Taro Input / Textarea renders a native one inside its element) with this id, in `root`. */
export function field(root: Locator, id: string): Locator {
  return root.locator(`#${id} input, input#${id}, #${id} textarea, textarea#${id}`).first();
}

/** Polls `check` until it holds; for conditions no single locator expresses (one of two outcomes). */
export async function until(check: () => Promise<boolean>, what: string, timeout = WAIT_MS): Promise<void> {
  const end = Date.now() + timeout;
  for (;;) {
    if (await check()) return;
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Types `text` into `input` key by key, as a person does: a tap to focus, select-all and delete when it holds
 * something, then one key at a time. Then the field must show what was typed (or `shows`): a field that drops
 * keystrokes fails here, with what it shows.
 */
export async function typeKeys(
  input: Locator,
  text: string,
  { shows = text, timeout = WAIT_MS }: { shows?: string; timeout?: number } = {},
): Promise<void> {
  await input.click({ timeout });
  if (await input.inputValue()) {
    await input.press('ControlOrMeta+a');
    await input.press('Backspace');
  }
  await input.pressSequentially(text, { delay: KEY_DELAY_MS, timeout });
  try {
    await until(async () => (await input.inputValue()) === shows, `the field shows "${shows}"`, 5000);
  } catch {
    throw new Error(`typed "${text}" key by key, but the field shows "${await input.inputValue()}"`);
  }
}

/**
 * A toast (Taro's H5 toast is one element outside the pages, reused) with this text shows; then it is waited
 * out, so that the next toast with the same text is a new one.
 */
export async function expectToast(page: Page, text: string, timeout = WAIT_MS): Promise<void> {
  // The wrapper has no box of its own (its parts are position: fixed): look at the title inside it.
  const title = page.locator('.taro__toast p', { hasText: text }).first();
  await title.waitFor({ state: 'visible', timeout });
  await title.waitFor({ state: 'hidden', timeout });
}
