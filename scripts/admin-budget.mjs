// The operator console's first-load budget: at most 500 KB of gzip-compressed JavaScript for each screen a
// person lands on: the login page, the console's first page after login (the shell and 订单发货), and each
// page opened directly by its address.
// Reads Vite's manifest (admin/dist/.vite/manifest.json) and sums, for each screen, the entry's static imports
// plus the screen's lazily loaded chunk and its static imports: what the browser fetches before it can show it.
// Sizes are of the .gz the build writes beside each file (admin/vite.config.ts), or gzip level 9 when absent.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const LIMIT = 500 * 1024;
const root = new URL('..', import.meta.url).pathname;
const dist = process.env.ADMIN_DIST ? resolve(process.env.ADMIN_DIST) : join(root, 'admin/dist');
const manifestPath = join(dist, '.vite/manifest.json');
const shell = 'src/shell/shell.tsx';
const page = (path) => `src/pages/${path}.tsx`;
const SCREENS = {
  登录: [page('login/login-page')],
  '首页（订单发货）': [shell, page('shipping/shipping-page')],
  // Every other page opened by its address (a reload, a link): the shell and the page's own chunks. Their lists
  // use admin/src/components/list-table.tsx and their modal forms load on open (lazy-modal-form.tsx).
  '商品管理（直接打开）': [shell, page('catalogue/catalogue-page')],
  '订单管理（直接打开）': [shell, page('orders/orders-page')],
  '下单链接（直接打开）': [shell, page('order-links/order-links-page')],
  '优惠券（直接打开）': [shell, page('marketing/coupons-page')],
  '领券活动（直接打开）': [shell, page('marketing/claims-page')],
  '卡密批次（直接打开）': [shell, page('marketing/cards-page')],
  '访问控制（直接打开）': [shell, page('access/access-page')],
  '账号管理（直接打开）': [shell, page('operators/operators-page')],
  '操作日志（直接打开）': [shell, page('audit/audit-page')],
  '修改密码（直接打开）': [shell, page('password/password-page')],
  '积分商品（直接打开）': [shell, page('integral/points-items-page')],
  '页面装修（直接打开）': [shell, page('home-pages/home-pages-page')],
  '商品编辑（直接打开）': [shell, page('catalogue/catalogue-edit-page')],
  '售后处理（直接打开）': [shell, page('after-sales/after-sales-page')],
  '订单详情（直接打开）': [shell, page('orders/order-detail-page')],
  '提现审核（直接打开）': [shell, page('withdrawals/withdrawals-page')],
  '推广员（直接打开）': [shell, page('promoters/promoters-page')],
  '表单（直接打开）': [shell, page('forms/forms-page')],
  '意见反馈（直接打开）': [shell, page('feedback/feedback-page')],
  '项目设置（直接打开）': [shell, page('settings/store-settings-page')],
};
// Printed, not held to the limit (none now): a screen being brought under it.
const INFO_SCREENS = {};

if (!existsSync(manifestPath)) {
  console.error('admin/dist/.vite/manifest.json is missing: run npm run build:admin first');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);

/** Every chunk `key` loads before it runs: itself and its static imports, transitively. */
function closure(key, into = new Set()) {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const next of manifest[key].imports ?? []) closure(next, into);
  return into;
}

function gzipSize(file) {
  const path = join(dist, file);
  return existsSync(`${path}.gz`)
    ? readFileSync(`${path}.gz`).length
    : gzipSync(readFileSync(path), { level: 9 }).length;
}

let failed = false;
for (const [screen, lazyKeys] of [...Object.entries(SCREENS), ...Object.entries(INFO_SCREENS)]) {
  const held = screen in SCREENS;
  const missing = lazyKeys.filter((k) => !manifest[k]);
  if (missing.length) {
    console.error(`the manifest has no chunk for ${missing.join(', ')}: update SCREENS in scripts/admin-budget.mjs`);
    failed = true;
    continue;
  }
  const keys = new Set(closure(entryKey));
  for (const k of lazyKeys) closure(k, keys);
  const files = [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  const size = files.reduce((sum, f) => sum + gzipSize(f), 0);
  const over = held && size > LIMIT;
  failed ||= over;
  console.log(
    `${held ? (over ? 'OVER' : 'ok  ') : 'info'} admin ${screen.padEnd(10)} ${(size / 1024).toFixed(1).padStart(8)} KB gzip JS / ${LIMIT / 1024} KB (${files.length} files)`,
  );
}
if (failed) {
  console.error('admin budget exceeded');
  process.exit(1);
}
