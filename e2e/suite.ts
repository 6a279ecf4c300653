/**
 * The fixture every walk repeats (it was written out in every spec): one server and one Chromium for
 * the file, and a new phone (a fresh context: empty storage, no session) for each test, closed after it, which
 * fails the test when the storefront threw meanwhile. `perTest: false` leaves opening phones to the tests (walks
 * that hand one phone over to another screen themselves); `setup` runs once the server is up (finding seed items).
 */
import { after, afterEach, before, beforeEach } from 'node:test';
import type { Browser } from 'playwright-core';
import { openBrowser, openPhone, startServer, type Phone, type Server } from './harness';

export interface Suite {
  server: Server;
  browser: Browser;
  /** This test's phone (with perTest: false, the one the test opened with `open`). */
  phone: Phone;
  /** Opens a new phone for this test; it is closed after the test. */
  open(): Promise<Phone>;
}

export function phoneSuite(options: { perTest?: boolean; setup?: (server: Server) => Promise<void> } = {}): Suite {
  let current: Phone | null = null;
  const suite = {
    async open() {
      await current?.close();
      current = await openPhone(suite.browser);
      return current;
    },
    get phone(): Phone {
      if (!current) throw new Error('no phone is open in this test');
      return current;
    },
  } as Suite;
  before(async () => {
    [suite.server, suite.browser] = await Promise.all([startServer(), openBrowser()]);
    await options.setup?.(suite.server);
  });
  after(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  if (options.perTest !== false) beforeEach(() => suite.open().then(() => undefined));
  afterEach(async () => {
    const phone = current;
    current = null;
    await phone?.close();
  });
  return suite;
}
