/**
 * Every WeChat page in WeChat's official simulator (DESIGN.md §7): miniprogram-simulate compiles the built
 * templates with wcc and renders each page of app.json (main package and sub-packages) with exparser, against the
 * real server on a fresh database. Each page is launched into on its own, as a shared link opens it, and must show
 * its first-screen texts (mini/first-screen.ts) in what exparser rendered, without a render error, an unhandled
 * rejection or a call the host would refuse. Bundles come from MINI_DIST_ROOT (default dist/).
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startServer, type Server } from '../e2e/harness';
import { FIRST_SCREENS } from './first-screen';
import { makeFixtures, SESSION_STORAGE_KEY, type Fixtures } from './fixtures';
import { appRoutes, readAppJson } from './host';
import { elementsOf, textsOf } from './simulator/rendered';
import { SimulatedWeChat, type SimulatedPage } from './simulator/wechat-app';
import { watchErrors } from './watch';

const DIST = join(resolve(__dirname, '..', process.env.MINI_DIST_ROOT || 'dist'), 'weapp');
/** Generous for a busy 2-core machine; a healthy page is done in well under a second. */
const PAGE_TIMEOUT_MS = 20000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let server: Server;
let fixtures: Fixtures;

before(async () => {
  server = await startServer();
  fixtures = await makeFixtures(server);
});
after(async () => server?.stop());

interface Outcome {
  missing: string[];
  texts: string[];
}

function check(
  wechat: SimulatedWeChat,
  page: SimulatedPage,
  expected: string[],
  attribute: { name: string; value: string } | null,
): Outcome {
  const tree = wechat.rendered(page);
  const texts = textsOf(tree);
  const all = texts.join('');
  const missing = expected.filter((t) => !all.includes(t));
  if (attribute && !elementsOf(tree).some((el) => el.attrs[attribute.name] === attribute.value)) {
    missing.push(`an element with ${attribute.name}="${attribute.value}"`);
  }
  return { missing, texts };
}

/** Launches the package into `route`, waits until its texts are rendered and its requests answered, then closes it. */
async function simulate(route: string): Promise<void> {
  const screen = FIRST_SCREENS[route];
  assert.ok(
    screen,
    `${route} is in the built app.json but has no first screen: add the first-screen text of ${route} to mini/first-screen.ts`,
  );
  const query = screen.query?.(fixtures) ?? {};
  const expected = screen.texts(fixtures);
  const attribute = screen.attribute?.(fixtures) ?? null;
  const watch = watchErrors();
  const storage = screen.as === 'new' ? {} : { [SESSION_STORAGE_KEY]: fixtures[screen.as] };
  const wechat = new SimulatedWeChat('weapp', DIST, server.baseUrl, storage);
  let outcome: Outcome = { missing: expected, texts: [] };
  try {
    wechat.launch(route, query);
    const page = wechat.open(route, query);
    const deadline = Date.now() + PAGE_TIMEOUT_MS;
    let quietPolls = 0;
    while (Date.now() < deadline && !watch.errors.length) {
      await sleep(40);
      outcome = check(wechat, page, expected, attribute);
      // Done when everything is shown and no answer is still on its way (a late one could still break the page).
      quietPolls = !outcome.missing.length && wechat.pending === 0 ? quietPolls + 1 : 0;
      if (quietPolls >= 3) break;
    }
    wechat.close(page);
    await sleep(20);
  } catch (err) {
    watch.errors.push(`thrown while loading or opening: ${err instanceof Error ? err.stack : String(err)}`);
  } finally {
    wechat.dispose();
    watch.stop();
  }
  const problems = [
    ...watch.errors,
    ...wechat.refusals.map((r) => `refused by the host: ${r}`),
    ...(outcome.missing.length ? [`not rendered: ${outcome.missing.map((m) => JSON.stringify(m)).join(', ')}`] : []),
  ];
  if (problems.length) {
    const calls = wechat.calls.filter((c) => c.api !== 'request').map((c) => `${c.api} ${JSON.stringify(c.args)}`);
    const requests = wechat.calls.filter((c) => c.api === 'request').map((c) => JSON.stringify(c.args));
    assert.fail(
      [
        `weapp ${route}?${new URLSearchParams(query)} (as ${screen.as}) in the simulator:`,
        ...problems.map((p) => `  - ${p}`),
        `  rendered: ${JSON.stringify(outcome.texts.slice(0, 40))}`,
        `  host calls: ${calls.slice(0, 20).join('; ') || 'none'}`,
        `  requests: ${requests.join('; ') || 'none'}`,
      ].join('\n'),
    );
  }
}

const built = existsSync(join(DIST, 'app.json'));
describe(`weapp pages in the official simulator (${DIST})`, () => {
  it('is built', () => {
    assert.ok(
      built,
      `no ${DIST}/app.json: build it first (npx taro build --type weapp, or set MINI_DIST_ROOT to a TARO_OUTPUT_ROOT)`,
    );
  });
  if (!built) return;
  for (const route of appRoutes(readAppJson(DIST))) {
    it(route, () => simulate(route));
  }
});
