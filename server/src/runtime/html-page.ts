/**
 * The server's own HTML pages (the sandbox providers' cashier, e-sign and carrier pages): small, Chinese,
 * mobile-sized, with no external assets.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { formatChinaTime } from '@contract/rules/china-time';
import { formatMoney } from '@contract/rules/money';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** Fen as "¥12.34": the one money format of both sides. */
export const yuan = formatMoney;

const STYLE = `
body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f5f5;color:#333}
.sb{max-width:750px;margin:0 auto;padding:16px}
.sb-head{text-align:center;color:#888;font-size:13px;margin:8px 0 16px}
.sb-card{background:#fff;border-radius:8px;padding:16px;margin-bottom:16px}
.sb-amount{text-align:center;font-size:34px;font-weight:600;margin:8px 0 16px}
.sb-row{display:flex;justify-content:space-between;padding:6px 0;font-size:14px}
.sb-row span:first-child{color:#888}
.sb-btn{display:block;width:100%;box-sizing:border-box;border:0;border-radius:22px;padding:12px;font-size:16px;margin-top:12px;text-align:center;text-decoration:none}
.sb-primary{background:#07c160;color:#fff}
.sb-plain{background:#fff;color:#333;border:1px solid #ddd}
.sb-note{color:#888;font-size:12px;line-height:1.6}
.sb-text{white-space:pre-wrap;font-size:14px;line-height:1.8}
.sb-msg{text-align:center;font-size:16px;padding:24px 0}
.sb-signed{color:#07c160;font-weight:600}
`;

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,maximum-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><div class="sb">${body}</div></body></html>`;
}

export const row = (label: string, value: string) =>
  `<div class="sb-row"><span>${escapeHtml(label)}</span><span>${escapeHtml(value)}</span></div>`;

/** A one-button form; `fields` is trusted HTML placed before the button (the cashier's channel choice). */
export const button = (action: string, text: string, primary: boolean, id: string, fields = '') =>
  `<form method="post" action="${escapeHtml(action)}">${fields}<button type="submit" id="${id}" class="sb-btn ${primary ? 'sb-primary' : 'sb-plain'}">${escapeHtml(text)}</button></form>`;

export const link = (href: string, text: string) =>
  `<a class="sb-btn sb-plain" href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;

export const message = (title: string, text: string, back?: string | null) =>
  page(
    title,
    `<div class="sb-card"><div class="sb-msg">${escapeHtml(text)}</div>${back ? link(back, '返回') : ''}</div>`,
  );

/** "2025-06-01 12:30" in China time, whatever the server's zone. */
export function chinaTime(d: Date): string {
  return formatChinaTime(d, 'YYYY-MM-DD HH:mm');
}

// no-store: a page reached again with the back button must be asked for anew (a cashier then says the payment
// was closed or paid), never shown from the browser's cache still offering its button.
export const sendHtml = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

export const seeOther = (reply: FastifyReply, url: string) => reply.code(303).header('location', url).send();

/** HTML forms post urlencoded fields: parsed to an object, in the scope of the plugin that serves the pages. */
export function acceptFormPosts(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}
