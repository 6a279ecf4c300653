/**
 * Mini-program smoke test (DESIGN.md §7): the built weapp and swan bundles run in Node under a fake host
 * (mini/runtime.ts) against the real server on a fresh database. Every page of each built app.json (main
 * package and sub-packages) is launched into on its own, as a shared link opens it, and must show its
 * first-screen texts (mini/first-screen.ts) without a render error, an unhandled rejection or a call the
 * host would refuse; pages that offer sharing must then give a share message whose path is a page.
 * Bundles come from MINI_DIST_ROOT (default dist/, as scripts/test.sh builds them).
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startServer, type Server } from '../e2e/harness';
import { FIRST_SCREENS } from './first-screen';
import { makeFixtures, SESSION_STORAGE_KEY, type Fixtures } from './fixtures';
import { renderedElements, renderedTexts } from './render-text';
import { appRoutes, MiniProgram, readAppJson, type PageInstance, type Target } from './runtime';
import { watchErrors } from './watch';

const DIST_ROOT = resolve(__dirname, '..', process.env.MINI_DIST_ROOT || 'dist');
const TARGETS: Target[] = ['weapp', 'swan'];
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
  mini: MiniProgram,
  page: PageInstance,
  expected: string[],
  attribute: { name: string; value: string } | null,
): Outcome {
  const texts = renderedTexts(page.data, mini.aliases);
  const all = texts.join('');
  const missing = expected.filter((t) => !all.includes(t));
  if (
    attribute &&
    !renderedElements(page.data, mini.aliases).some((el) => el.attrs[attribute.name] === attribute.value)
  ) {
    missing.push(`an element with ${attribute.name}="${attribute.value}"`);
  }
  return { missing, texts };
}

/** Launches the bundle into `route`, waits until its texts are on screen and its requests answered, then closes it. */
async function smoke(target: Target, dist: string, route: string): Promise<void> {
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
  const mini = new MiniProgram(target, dist, server.baseUrl, storage);
  let outcome: Outcome = { missing: expected, texts: [] };
  try {
    mini.launch(route, query);
    const page = mini.open(route, query);
    const deadline = Date.now() + PAGE_TIMEOUT_MS;
    let quietPolls = 0;
    while (Date.now() < deadline && !watch.errors.length) {
      await sleep(40);
      outcome = check(mini, page, expected, attribute);
      // Done when everything is shown and no answer is still on its way (a late one could still break the page).
      quietPolls = !outcome.missing.length && mini.pending === 0 ? quietPolls + 1 : 0;
      if (quietPolls >= 3) break;
    }
    // A loaded page must also answer the share menu (the pages that offer it).
    if (!outcome.missing.length) mini.share(page);
    mini.close(page);
    await sleep(20);
  } catch (err) {
    watch.errors.push(`thrown while loading or opening: ${err instanceof Error ? err.stack : String(err)}`);
  } finally {
    mini.dispose();
    watch.stop();
  }
  const problems = [
    ...watch.errors,
    ...mini.refusals.map((r) => `refused by the host: ${r}`),
    ...(outcome.missing.length ? [`not shown: ${outcome.missing.map((m) => JSON.stringify(m)).join(', ')}`] : []),
  ];
  if (problems.length) {
    const calls = mini.calls.filter((c) => c.api !== 'request').map((c) => `${c.api} ${JSON.stringify(c.args)}`);
    const requests = mini.calls.filter((c) => c.api === 'request').map((c) => JSON.stringify(c.args));
    assert.fail(
      [
        `${target} ${route}?${new URLSearchParams(query)} (as ${screen.as}):`,
        ...problems.map((p) => `  - ${p}`),
        `  rendered: ${JSON.stringify(outcome.texts.slice(0, 40))}`,
        `  host calls: ${calls.slice(0, 20).join('; ') || 'none'}`,
        `  requests: ${requests.join('; ') || 'none'}`,
      ].join('\n'),
    );
  }
}

for (const target of TARGETS) {
  const dist = join(DIST_ROOT, target);
  const built = existsSync(join(dist, 'app.json'));
  describe(`${target} bundle (${dist})`, () => {
    it('is built', () => {
      assert.ok(
        built,
        `no ${dist}/app.json: build it first (npx taro build --type ${target}, or set MINI_DIST_ROOT to a TARO_OUTPUT_ROOT)`,
      );
    });
    if (!built) return;
    for (const route of appRoutes(readAppJson(dist))) {
      it(route, () => smoke(target, dist, route));
    }
  });
}
