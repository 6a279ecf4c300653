/**
 * The H5 entry page's first screen (LCP): the home's first banner picture drawn into index.html, so the
 * browser paints it before the app's script has loaded, started and asked the API for the page.
 *
 * What is drawn comes from the read models the API answers from (domains/pages/read-models.ts): the project must be
 * online, its menu's tab 0 page must open with a BANNER module with a picture. Anything else draws nothing and the
 * page is the build's index.html as it was.
 *
 * The server cannot see the URL's hash, where the H5 (hash router) carries the page and its query, nor the visitor's
 * stored session; an inline script in <head> checks both before anything paints and hides the picture unless the
 * entrance will open this project's home (ENTRY_CHECK). The app removes the picture once its own banner is on screen
 * (src/components/slides/first-screen.h5.ts); the script removes it as soon as the app is on any other page.
 */

import { onlineProjects, pageWithModules, projectMenu } from './read-models';
import type { Db } from '../../runtime/database/plugin';

/** The build writes the project the H5 enters by default here (src/index.html; DEFAULT_PROJECT_SN in the bundle). */
export const DEFAULT_PROJECT_META = /<meta name="?sf-default-project"? content="?([A-Za-z0-9_-]+)"?\s*\/?>/;
/** The element the app mounts into; the drawn picture follows it, so it is stacked above the app's first pages. */
export const APP_ROOT = '<div id="app"></div>';
/** The id the app and the inline script remove the drawn picture by (src/components/slides/first-screen.h5.ts). */
export const FIRST_SCREEN_ID = 'sf-first';
/**
 * localStorage key of the app's stored session: Taro's storage under the app's prefix (src/platform/storage.ts,
 * stores/session.ts).
 */
export const SESSION_STORAGE_KEY = 'sf_session';

export interface FirstPicture {
  src: string;
  alt: string;
}

export interface FirstScreen {
  picture: FirstPicture | null;
  /** The cached read-model objects the answer was made from: the same objects mean the same page (memo key). */
  sources: readonly unknown[];
}

/** Same-origin paths and absolute URLs only, as the app's assetUrl sends them on H5 (API_BASE is this origin). */
export const DRAWABLE = /^(https?:\/\/|\/)[^"<>\s]*$/;

/** The first picture of the first module of the project's tab 0 page, when that module is a banner. */
export async function firstScreen(db: Db, projectSn: string): Promise<FirstScreen> {
  const online = await onlineProjects(db);
  if (!online.has(projectSn)) return { picture: null, sources: [online] };
  const menu = await projectMenu(db, projectSn);
  const pageSn = menu.tabList.find((t) => t.tabIndex === 0)?.pageSn;
  if (!pageSn) return { picture: null, sources: [online, menu] };
  const page = await pageWithModules(db, projectSn, pageSn);
  const [first] = page.modules;
  const item = first?.moduleType === 'BANNER' ? first.items[0] : undefined;
  const src = item?.image ?? '';
  const picture = item && DRAWABLE.test(src) ? { src, alt: item.title || '活动图片' } : null;
  return { picture, sources: [online, menu, page] };
}

export const escapeAttr = (text: string) =>
  text.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c] ?? c);

/**
 * Runs in <head> before the first paint. The drawn picture stays only when the entrance will open `projectSn`'s home:
 * the URL is the entry or the entrance page, with no traffic link, redirect or login in its query, and the project the
 * entrance takes (URL projectSn, else the stored session's, else the build's default; pages/entrance/entrance.tsx) is
 * the drawn one. Then, every 250 ms until the picture is gone, it is removed once the app shows any page other than
 * the entrance and home tab 0 (an error page, a tap elsewhere): Taro's router changes pages by history.pushState,
 * which no event reports. The query is read undecoded, as Taro's router hands it to the entrance.
 */
function entryCheck(drawn: string, fallback: string): string {
  return `(function(){var d=document.documentElement,D=${JSON.stringify(drawn)},F=${JSON.stringify(fallback)};
function route(){var h=location.hash.replace(/^#/,''),i=h.indexOf('?');return{path:i<0?h:h.slice(0,i),query:i<0?'':h.slice(i+1)}}
try{var r=route(),q={};r.query.split('&').forEach(function(kv){var i=kv.indexOf('=');if(kv)q[i<0?kv:kv.slice(0,i)]=i<0?'':kv.slice(i+1)});
var s=JSON.parse(localStorage.getItem('${SESSION_STORAGE_KEY}')||'null'),stored=s&&s.data&&s.data.projectSn;
var entry=r.path===''||r.path==='/'||r.path==='/pages/entrance/entrance';
if(!entry||q.trafficId||q.redirect||q.path||q.login||(q.projectSn||stored||F)!==D)d.setAttribute('data-sf-first','off')}catch(e){d.setAttribute('data-sf-first','off')}
var t=setInterval(function(){var e=document.getElementById('${FIRST_SCREEN_ID}');if(!e){if(document.readyState!=='loading')clearInterval(t);return}
var p=route().path;if(d.getAttribute('data-sf-first')==='off'||!(p===''||p==='/'||p==='/pages/entrance/entrance'||p==='/pages/index/index')){e.remove();clearInterval(t)}},250)})()`.replace(
    /\n/g,
    '',
  );
}

/**
 * The frame is the home's banner as the app lays it out (components/home-tab and page-modules' .sf-banner, in Taro's
 * H5 rem: 1 rem is 40 design px): below the 100 px search bar and the banner's 20 px margin, 24 px from each side,
 * 320 px high, 16 px corners. The e2e (e2e/first-screen.spec.ts) checks both boxes are the same. Not clickable
 * (pointer-events: none): a tap reaches the app's own banner under it, or nothing before the app has drawn.
 * While it is shown the entrance's bar and "正在进入..." (pages/entrance) are not, so the screen goes from the picture
 * straight to the home around it instead of the picture over the entrance (where :has is not supported, it is).
 */
const FRAME_STYLE =
  `#${FIRST_SCREEN_ID}{position:absolute;z-index:1;top:3rem;left:.6rem;right:.6rem;height:8rem;border-radius:.4rem;overflow:hidden;pointer-events:none}` +
  `#${FIRST_SCREEN_ID} img{display:block;width:100%;height:100%;object-fit:cover}html[data-sf-first=off] #${FIRST_SCREEN_ID}{display:none}` +
  `html:not([data-sf-first=off]) body:has(>#${FIRST_SCREEN_ID}) :is(.sf-entrance__bar,.sf-entrance__loading){visibility:hidden}`;

/** The build's default project, read from its index.html; null when the build did not write it. */
export function defaultProjectOf(template: string): string | null {
  return DEFAULT_PROJECT_META.exec(template)?.[1] ?? null;
}

/** The app's scripts as html-webpack-plugin writes them into the built page (Taro: defer, in <head>). */
const APP_SCRIPT = /<script defer(?:="defer")? src="([^"]+)"><\/script>/g;

/**
 * At the end of <body>: starts the app's scripts once the drawn first screen is on screen (or at once when the check
 * hid it). With the page's own `defer` tags the browser runs the app's 150 KB of script as soon as the page is parsed,
 * before its first frame, so the drawn screen could only show after the app's start-up. The scripts are fetched from
 * the start (preload links in their place, at the low priority `defer` scripts get) and run in their order
 * (async = false) in the task after the drawn screen's largest-contentful-paint entry, which the browser reports once
 * that frame is presented (a frame callback comes before it). `wait`: 'picture' waits for the drawn picture's entry
 * (the home's banner), 'block' for any element of the drawn block (a shared detail: its text paints before its
 * cover loads). Without that entry type (Safari): two frames after the picture loaded, or after the block is parsed.
 * A hidden tab paints nothing, so it starts at once; a screen not shown after 3 s (slow, or a tap that ended paint
 * reporting) no longer holds them.
 */
export function appStart(scripts: string[], wait: 'picture' | 'block' = 'picture'): string {
  const picture = wait === 'picture';
  const ours = picture ? 'x.element===i' : 'x.element&&e.contains(x.element)';
  return `(function(){var S=${JSON.stringify(scripts)},d=document,e=d.getElementById('${FIRST_SCREEN_ID}'),i=e&&e.querySelector('img'),go=0;
function start(){if(go)return;go=1;S.forEach(function(s){var t=d.createElement('script');t.src=s;t.async=false;d.head.appendChild(t)})}
function later(){setTimeout(start,0)}
if(!${picture ? 'i' : 'e'}||d.documentElement.getAttribute('data-sf-first')==='off'||d.visibilityState==='hidden')return start();
setTimeout(start,3000);${picture ? "i.addEventListener('error',start);" : ''}
var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('largest-contentful-paint')>=0){
new P(function(l,o){if(l.getEntries().some(function(x){return ${ours}})){o.disconnect();later()}}).observe({type:'largest-contentful-paint',buffered:true})}
else{var f=function(){requestAnimationFrame(function(){requestAnimationFrame(later)})};${picture ? "if(i.complete)f();else i.addEventListener('load',f)" : 'f()'}}})()`.replace(
    /\n/g,
    '',
  );
}

/** The page's own app scripts swapped for low-priority preloads; `scripts` receives their addresses, in order. */
export function preloadAppScripts(page: string, scripts: string[]): string {
  return page.replace(APP_SCRIPT, (_tag, src: string) => {
    scripts.push(src);
    // Low, as Chrome fetches `defer` scripts: the drawn screen and the render-blocking CSS go first.
    return `<link rel="preload" as="script" href="${src}" fetchpriority="low">`;
  });
}

/**
 * index.html with the picture drawn for `projectSn` and the app started after it (appStart); the template itself
 * when there is nothing to draw or the template lacks the meta, the app root or a closing body.
 */
export function drawEntry(template: string, projectSn: string, picture: FirstPicture | null): string {
  const meta = DEFAULT_PROJECT_META.exec(template);
  if (!picture || !meta || !template.includes(APP_ROOT) || !template.includes('</body>')) return template;
  const head = `<style>${FRAME_STYLE}</style><script>${entryCheck(projectSn, meta[1])}</script>`;
  // fetchpriority high: the picture is the screen's largest paint (as the app's first slide asks too).
  const body = `<div id="${FIRST_SCREEN_ID}"><img src="${escapeAttr(picture.src)}" alt="${escapeAttr(picture.alt)}" fetchpriority="high"></div>`;
  const afterMeta = meta.index + meta[0].length;
  const scripts: string[] = [];
  const page = preloadAppScripts(template.slice(0, afterMeta) + head + template.slice(afterMeta), scripts).replace(
    APP_ROOT,
    APP_ROOT + body,
  );
  return page.replace('</body>', `<script>${appStart(scripts)}</script></body>`);
}
