/**
 * A shared item's first screen (LCP of the page promoters share): the H5 page answered at the item's public
 * address (/item/<actSn>, contract/rules/share-link.ts) with the detail's header, cover, price row, name, tags and
 * summary drawn into it, so the browser paints them before the app's scripts have loaded, started and asked the API
 * for the item.
 *
 * The app's pages are hash routes. An inline script in <head>, before anything paints or the app's scripts run, puts
 * the detail's route into the hash (history.replaceState: no navigation, and the address keeps its path, which is the
 * page WeChat's JS-SDK signs on iOS), so the app starts on the item's detail exactly as from an old hash link (entrance
 * first for a visitor without a session). The drawn block lies over the app's first pages at the detail's own boxes
 * (design px as Taro's H5 rem: 1 rem is 40 design px) and the detail removes it once its own item is drawn
 * (src/components/activity-detail/first-screen.h5.ts): the same words at the same places, so nothing blinks or moves.
 * The check hides it before the first paint, and removes it later, when the app is not on its way to that item.
 */
import type { SharedItem } from '../activity/shared-detail';
import {
  APP_ROOT,
  DEFAULT_PROJECT_META,
  DRAWABLE,
  FIRST_SCREEN_ID,
  SESSION_STORAGE_KEY,
  appStart,
  escapeAttr,
  preloadAppScripts,
} from './first-screen';

/** The entrance's hash route, which a visitor without a session passes through on the way to the item. */
const ENTRANCE = '/pages/entrance/entrance';

/**
 * Runs in <head> before the first paint. `actSn` null: no item is drawn (unknown or offline item, or a build without
 * the meta); the app still opens the detail named by the address, which says what is wrong.
 *
 * - No hash (the shared address as opened): the hash becomes the detail's route with the item, the project and the
 *   promoter code of the address (a malformed code is dropped, as the session would drop it).
 * - A hash already (a reload, a return from a payment page, a link copied later): the block stays only when the hash is
 *   this item's detail.
 * A stored session of another project hides the block: the app answers that session's project first.
 * Then, every 250 ms until the block is gone, it is removed once the app is on any page but the entrance (without its
 * login form) and this item's detail: an error page, a tap elsewhere. The query is read undecoded, as Taro's router
 * hands it on.
 */
function detailCheck(route: string, actSn: string | null, projectSn: string): string {
  return `(function(){var d=document.documentElement,R=${JSON.stringify(route)},A=${JSON.stringify(actSn)},P=${JSON.stringify(projectSn)},E='${ENTRANCE}';
function parse(s){var q={};s.split('&').forEach(function(kv){var i=kv.indexOf('=');if(kv)q[i<0?kv:kv.slice(0,i)]=i<0?'':kv.slice(i+1)});return q}
function route(){var h=location.hash.replace(/^#/,''),i=h.indexOf('?');return{path:i<0?h:h.slice(0,i),q:parse(i<0?'':h.slice(i+1))}}
function off(){d.setAttribute('data-sf-first','off')}
try{var r=route(),a=A===null?decodeURIComponent(location.pathname.split('/')[2]||''):A;
if(r.path===''||r.path==='/'){var s=parse(location.search.replace(/^\\?/,'')),h=R+'?actSn='+encodeURIComponent(a)+'&projectSn='+encodeURIComponent(P);
if(/^P[0-9A-F]{10}$/i.test(s.promoterCode||''))h+='&promoterCode='+s.promoterCode;
history.replaceState(history.state,'',location.pathname+location.search+'#'+h)}
else if(r.path!==R||r.q.actSn!==encodeURIComponent(a))off();
var k=JSON.parse(localStorage.getItem('${SESSION_STORAGE_KEY}')||'null'),kd=k&&k.data;if(A===null||kd&&kd.token&&kd.projectSn&&kd.projectSn!==P)off()}catch(e){off()}
var t=setInterval(function(){var e=document.getElementById('${FIRST_SCREEN_ID}');if(!e){if(document.readyState!=='loading')clearInterval(t);return}
var r=route();if(d.getAttribute('data-sf-first')==='off'||!(r.path===E&&!r.q.login||r.path===R&&r.q.actSn===encodeURIComponent(A))){e.remove();clearInterval(t)}},250)})()`.replace(
    /\n/g,
    '',
  );
}

/**
 * The detail's boxes as the app lays them out (components/page-header, components/activity-detail/index.scss,
 * components/tag-strip, components/share-action; e2e/shared-detail.spec.ts compares them): the header (88 px), the
 * gallery (750 x 562), the head card pulled 24 px over it. The colours are the neutral tokens of src/domain/theme.ts;
 * the tags' border is the default theme's primary (a themed project's tags change colour when the app draws them).
 * Over the page grey, the whole window high, so the entrance behind it never shows; not clickable.
 */
const DETAIL_STYLE = [
  `#${FIRST_SCREEN_ID}{position:absolute;z-index:1;top:0;left:0;right:0;max-width:18.75rem;margin:0 auto;min-height:100vh;background:#f5f5f5;color:#1a1a1a;pointer-events:none}`,
  `html[data-sf-first=off] #${FIRST_SCREEN_ID}{display:none}`,
  `#${FIRST_SCREEN_ID} .h{position:relative;display:flex;align-items:center;justify-content:center;height:2.2rem;background:#fff;border-bottom:.025rem solid #ebebeb}`,
  `#${FIRST_SCREEN_ID} .ht{max-width:60%;font-size:.8rem;font-weight:600;overflow:hidden;white-space:nowrap;text-overflow:ellipsis}`,
  `#${FIRST_SCREEN_ID} .g{width:18.75rem;height:14.05rem;background:#f2f2f2}`,
  `#${FIRST_SCREEN_ID} .g img{display:block;width:100%;height:100%;object-fit:cover}`,
  `#${FIRST_SCREEN_ID} .b{position:relative;margin:-.6rem .6rem 0;padding:.6rem .7rem;border-radius:.4rem;background:#fff}`,
  `#${FIRST_SCREEN_ID} .pr{display:flex;align-items:baseline}`,
  `#${FIRST_SCREEN_ID} .p{color:#cc1f0a;font-weight:600;font-size:1.1rem}`,
  `#${FIRST_SCREEN_ID} .o{margin-left:.4rem;font-size:.6rem;color:#6b6b6b;text-decoration:line-through}`,
  `#${FIRST_SCREEN_ID} .s{margin-left:auto;font-size:.6rem;color:#6b6b6b}`,
  `#${FIRST_SCREEN_ID} .sh{margin-left:.4rem;padding:0 .6rem;height:1.2rem;line-height:1.2rem;font-size:.6rem;color:#4d4d4d;background:#f2f2f2;border-radius:24.975rem}`,
  `#${FIRST_SCREEN_ID} .dp{margin-top:.2rem;font-size:.6rem;color:#cc1f0a}`,
  `#${FIRST_SCREEN_ID} .n{margin-top:.4rem;font-size:.85rem;font-weight:600;line-height:1.2rem}`,
  `#${FIRST_SCREEN_ID} .t{display:flex;flex-wrap:wrap;gap:.3rem;margin-top:.4rem}`,
  `#${FIRST_SCREEN_ID} .t span{font-size:.55rem;line-height:.9rem;padding:0 .35rem;border-radius:.2rem;background:#fff;border:.025rem solid #fbdb00}`,
  `#${FIRST_SCREEN_ID} .sm{margin-top:.4rem;font-size:.65rem;color:#4d4d4d;line-height:1.6}`,
  // While the block is up the entrance's bar and "正在进入..." are not shown (where :has is unsupported the block
  // covers them anyway).
  `html:not([data-sf-first=off]) body:has(>#${FIRST_SCREEN_ID}) :is(.sf-entrance__bar,.sf-entrance__loading){visibility:hidden}`,
].join('');

const text = escapeAttr;

/** The drawn block: the detail's header, gallery and head card, in the app's order. */
function detailBlock(item: SharedItem): string {
  const picture = DRAWABLE.test(item.picture)
    ? `<div class="g"><img src="${escapeAttr(item.picture)}" alt="${escapeAttr(item.actName)}" fetchpriority="high"></div>`
    : item.picture
      ? '<div class="g"></div>'
      : '';
  return (
    `<div id="${FIRST_SCREEN_ID}" aria-hidden="true"><div class="h"><div class="ht">${text(item.actName)}</div></div>${picture}` +
    `<div class="b"><div class="pr"><div class="p">${text(item.priceText)}</div>` +
    (item.originalText ? `<div class="o">${text(item.originalText)}</div>` : '') +
    `<div class="s">已售${item.sales}</div><div class="sh">分享</div></div>` +
    (item.depositText ? `<div class="dp">${text(item.depositText)}</div>` : '') +
    `<div class="n">${text(item.actName)}</div>` +
    (item.tags.length ? `<div class="t">${item.tags.map((t) => `<span>${text(t)}</span>`).join('')}</div>` : '') +
    (item.summary ? `<div class="sm">${text(item.summary)}</div>` : '') +
    '</div></div>'
  );
}

/** Relative links of the template (the icon: `static/...`) made absolute: this page is served below /item/. */
const RELATIVE_LINK = /(<link\b[^>]*?\bhref=")(?![a-z][a-z0-9+.-]*:|\/)/gi;

/**
 * index.html for a shared item of `projectSn`: the check in <head> (it sets the detail's hash), the block drawn after
 * the app root and the app started after it. `item` null: the check only (the app opens the detail by the address's
 * actSn and says what is wrong). The template itself when it lacks the meta, the app root or a closing body.
 */
export function drawDetail(template: string, projectSn: string, item: SharedItem | null): string {
  const meta = DEFAULT_PROJECT_META.exec(template);
  if (!meta || !template.includes(APP_ROOT) || !template.includes('</body>')) return template;
  const afterMeta = meta.index + meta[0].length;
  const route = `/${item?.route ?? 'pages/activity/activityDetail'}`;
  const check = `<script>${detailCheck(route, item?.actSn ?? null, projectSn)}</script>`;
  const head = item ? `<style>${DETAIL_STYLE}</style>${check}` : check;
  const page = (template.slice(0, afterMeta) + head + template.slice(afterMeta)).replace(RELATIVE_LINK, '$1/');
  if (!item) return page;
  const scripts: string[] = [];
  const drawn = preloadAppScripts(page, scripts).replace(APP_ROOT, APP_ROOT + detailBlock(item));
  return drawn.replace('</body>', `<script>${appStart(scripts, 'block')}</script></body>`);
}
