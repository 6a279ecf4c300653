/**
 * An operator at the console, for walks that need the merchant's side (build it with ensureAdminBuilt before the
 * server starts): a desktop context (e2e/admin-desk.ts),
 * logged in key by key (the demo owner unless told), the header switched to the project, and a page opened from
 * the menu, waited for by its own marker.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { openDesk, type Desk } from './admin-desk';
import { typeKeys, until } from './harness';

export const DEMO_OWNER = { username: 'admin', password: 'storefront-admin' };

export interface ConsoleOps extends Desk {
  /** Opens a page from the menu by its name and waits for `marker` inside the content. */
  open(menu: string, marker: string): Promise<Locator>;
}

export async function openConsole(
  browser: Browser,
  baseUrl: string,
  projectSn: string,
  user: { username: string; password: string } = DEMO_OWNER,
): Promise<ConsoleOps> {
  const desk = await openDesk(browser);
  const { page } = desk;
  await page.goto(`${baseUrl}/admin/login`);
  const form = page.locator('.sf-admin-login form');
  await typeKeys(form.locator('#login_username'), user.username);
  await typeKeys(form.locator('#login_password'), user.password);
  await form.locator('button[type=submit]').click();
  await page.locator('.ant-pro-sider .ant-menu-item').first().waitFor();
  const chosen = page.locator('.sf-admin-project-switcher .ant-select-selection-item');
  await chosen.waitFor();
  if (!((await chosen.textContent()) ?? '').includes(`（${projectSn}）`)) {
    await page.locator('.sf-admin-project-switcher').click();
    await page
      .locator('.ant-select-dropdown', { has: page.locator('#project_list') })
      .locator('.ant-select-item-option', { hasText: `（${projectSn}）` })
      .click();
    await page
      .locator('.sf-admin-project-switcher .ant-select-selection-item', { hasText: `（${projectSn}）` })
      .waitFor();
  }
  return {
    ...desk,
    async open(menu, marker) {
      await page.locator('.ant-pro-sider .ant-menu-item', { hasText: menu }).click();
      // The console shows one page at a time (no earlier page kept in the DOM); drawers and dialogs sit in body.
      const content = page.locator('body');
      await content.locator(marker).first().waitFor();
      return content;
    },
  };
}

/**
 * Closes a drawer with its ×, once the top-of-page messages that may cover it have gone (the pointer moved off
 * first: a message under the pointer stays). A message that appears just as the × is clicked would sit under the
 * pointer and stay, so a click that does not land is given up quickly and tried again the same way.
 */
export async function closeDrawer(page: Page, drawer: Locator): Promise<void> {
  await until(async () => {
    await page.mouse.move(640, 780);
    if ((await page.locator('.ant-message-notice').count()) > 0) return false;
    await drawer
      .locator('.ant-drawer-close')
      .click({ timeout: 2_000 })
      .catch(() => undefined);
    return drawer
      .waitFor({ state: 'hidden', timeout: 2_000 })
      .then(() => true)
      .catch(() => false);
  }, 'the drawer is closed');
}

/** The open dropdown of one select (antd names its list `<field id>_list`). */
export function selectDropdown(page: Page, id: string): Locator {
  return page.locator('.ant-select-dropdown', { has: page.locator(`#${id}_list`) });
}

/**
 * Picks `option` in a single select and waits until the select shows it (its label holds the text) and its list has
 * closed. A click that lands while the list is still opening selects nothing and leaves the list over the next
 * field, so it is tried again.
 */
export async function pickOption(page: Page, select: Locator, option: string): Promise<void> {
  const list = page.locator('.ant-select-dropdown:visible');
  await until(async () => {
    if (!(await list.first().isVisible())) await select.click();
    await list
      .locator('.ant-select-item-option', { hasText: option })
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
    const shown = await select
      .locator('.ant-select-selection-item')
      .innerText({ timeout: 1_000 })
      .catch(() => '');
    return shown.includes(option);
  }, `${option} is picked`);
  await list.first().waitFor({ state: 'hidden' });
}
