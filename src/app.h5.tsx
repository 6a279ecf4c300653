/**
 * H5 entry of the app component: Taro resolves the generated entry's `import component from 'app'` to this file on
 * H5 (other targets and the tests take app.tsx). The entry script's evaluation was one task of ~80 ms,
 * four times that under Lighthouse's CPU throttling and the largest share of the home's total blocking time. Here
 * it is cut into three tasks, with a chance for the browser to paint and handle input between them:
 *  1. the script's own task: the framework's modules (React DOM, Taro's runtime, router and components);
 *  2. our app's modules (MobX, stores, API, platform) and, on H5, the entrance calls' start (app-root.tsx);
 *  3. the generated entry's body: the app and router are created and the first page's chunk is asked for.
 *
 * A top-level `await` makes this an async module for webpack, so the generated entry waits for it before it runs
 * its body; `webpackMode: "eager"` keeps app-root in the entry chunk (no extra request), only its evaluation moves.
 * tsconfig's module setting is CommonJS (jest, tooling), under which TypeScript refuses a top-level await (TS1378)
 * although webpack handles it; the awaited expressions are still type-checked.
 */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

// @ts-expect-error TS1378: top-level await (see above).
await nextTask();
// @ts-expect-error TS1378: top-level await (see above).
const root = await import(/* webpackMode: "eager" */ './app-root');
// The error page is part of the entry chunk, not a page chunk of its own: a page that cannot load (offline)
// is sent there, and it must be able to show then. The router's own import of it finds it already here.
// @ts-expect-error TS1378: top-level await (see above).
await import(/* webpackMode: "eager" */ './pages/error/error');
// @ts-expect-error TS1378: top-level await (see above).
await nextTask();

export default root.default;
