/**
 * Writes the demo pictures into server/static/images from the catalogue and seed/illustrations.ts. The files are
 * committed (DESIGN.md §6: images are files in the repo); run this after changing an item's art or a banner:
 *   node --import tsx server/src/db/seed/draw-images.ts
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BASE_ITEMS, SHELF_ITEMS } from './catalogue';
import { bannerSvg, coverSvg, iconSvg, type Art, type Glyph, type Palette } from './illustrations';

const art = (glyph: Glyph, palette: Palette): Art => ({ glyph, palette });

/** Banners (750x320) and article pictures (600x360): headline, a short line, and the subject drawn beside them. */
const BANNERS: Record<string, { art: Art; headline: string; line: string; size?: [number, number] }> = {
  'banner-1': { art: art('gift', 'coral'), headline: '新人专享', line: '新人领券 立减20元' },
  'banner-2': { art: art('cake', 'rose'), headline: '周末亲子烘焙体验课', line: '限时优惠 报名从速' },
  'banner-3': { art: art('star', 'amber'), headline: '品质课程 活动精选', line: '学习 生活 一站搞定' },
  'banner-4': { art: art('mic', 'indigo'), headline: '名师直播课', line: '每周三晚八点' },
  'article-1': { art: art('cap', 'blue'), headline: '成人高考报名指南', line: '时间 条件 流程', size: [600, 360] },
  'article-2': {
    art: art('calculator', 'teal'),
    headline: '初级职称备考经验',
    line: '三个月备考计划',
    size: [600, 360],
  },
  'article-3': { art: art('tent', 'leaf'), headline: '周末去哪儿', line: '本月亲子活动', size: [600, 360] },
  'course-banner-1': { art: art('cap', 'mint'), headline: '学历提升 分期无压力', line: '专升本三科联报 分6期' },
  'course-banner-2': { art: art('board', 'teal'), headline: '免费公开课', line: '名师直播 每周更新' },
  'course-banner-3': { art: art('book', 'leaf'), headline: '教材资料', line: '真题讲义 包邮到家' },
  'integral-banner-1': { art: art('gift', 'amber'), headline: '积分当钱花', line: '话费 流量 好礼任你兑' },
  'integral-banner-2': { art: art('headphones', 'coral'), headline: '实物好礼', line: '积分+现金 超值兑' },
  'integral-banner-3': { art: art('play', 'violet'), headline: '会员权益', line: '视频 音乐 随心兑' },
  'form-banner-1': { art: art('clipboard', 'coral'), headline: '报名中心', line: '赛事 志愿 夏令营' },
  'form-banner-2': { art: art('run', 'indigo'), headline: '马拉松志愿者招募', line: '免费报名 名额有限' },
  'form-banner-3': { art: art('tent', 'leaf'), headline: '暑期科学夏令营', line: '早鸟报名立减300' },
  'auth-banner-1': { art: art('shield', 'blue'), headline: '实名认证', line: '认证后畅享专属权益' },
  'auth-banner-2': { art: art('medical', 'teal'), headline: '认证专享体检', line: '限时7.5折' },
  'auth-banner-3': { art: art('certificate', 'indigo'), headline: '证书核验', line: '免费在线核验' },
};

/** Square icons of the image-text grids. */
const ICONS: Record<string, Art> = {
  'icon-notice': art('megaphone', 'coral'),
  'icon-guide': art('compass', 'teal'),
  'icon-course': art('cap', 'mint'),
  'icon-gift': art('gift', 'rose'),
  'icon-enrol': art('clipboard', 'blue'),
  'icon-exam': art('calculator', 'violet'),
  'icon-weekend': art('tent', 'leaf'),
  'icon-class': art('board', 'teal'),
  'icon-book': art('book', 'amber'),
  'icon-rules': art('clipboard', 'amber'),
  'icon-phone': art('phone', 'coral'),
  'icon-video': art('play', 'violet'),
  'icon-signup': art('calendar', 'coral'),
  'icon-news': art('megaphone', 'indigo'),
  'icon-run': art('run', 'blue'),
  'icon-shield': art('shield', 'blue'),
  'icon-idcard': art('idcard', 'indigo'),
  'icon-cert': art('certificate', 'violet'),
  'icon-medical': art('medical', 'teal'),
};

/** Every picture the seed refers to, by file name (without .svg). */
export function drawAll(): Map<string, string> {
  const out = new Map<string, string>();
  for (const item of [...BASE_ITEMS, ...SHELF_ITEMS.values()]) out.set(item.key, coverSvg(item.key, item.art));
  for (const [name, b] of Object.entries(BANNERS))
    out.set(name, bannerSvg(name, b.art, b.headline, b.line, ...(b.size ?? [])));
  for (const [name, a] of Object.entries(ICONS)) out.set(name, iconSvg(name, a));
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = fileURLToPath(new URL('../../../static/images/', import.meta.url));
  const all = drawAll();
  for (const [name, svg] of all) writeFileSync(join(dir, `${name}.svg`), `${svg}\n`);
  console.log(`${all.size} pictures written to ${dir}`);
}
