/**
 * The sandbox carrier's authorisation page: where a real carrier asks its subscriber to
 * confirm with an SMS code before it tells a merchant the balance. Opened by the browser with no session (the
 * random ticket is the capability); the code is the phone's last six digits (nothing is sent: README). A right
 * code marks the account authorised and sends the browser back to the callbackUrl checked when the ticket was
 * made; five wrong codes close the ticket.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { maskPhone, integralCarrier } from '@contract/rules/integral';
import type { Config } from '../../config';
import { answerAuthTicket, liveAuthTicket, SANDBOX_AUTH_PATH } from './carrier-points';
import { safeRedirect } from '../../runtime/redirect';
import { acceptFormPosts, escapeHtml, message, page, row, seeOther, sendHtml as html } from '../../runtime/html-page';

const ticketParams = z.object({ ticket: z.string().min(1).max(64) });
const codeBody = z.object({ code: z.string().max(16).optional() }).passthrough();

const TITLE = '运营商积分授权';

function form(ticket: string, carrier: string, phone: string, error: string): string {
  const label = integralCarrier(carrier).label || '积分平台';
  return page(
    TITLE,
    `<div class="sb-head">沙箱运营商 · 演示环境，不会发送短信</div>
<div class="sb-card">
${row('运营商', label)}
${row('手机号', maskPhone(phone))}
<p class="sb-note">商城申请查询并使用您的积分。请输入短信验证码完成授权（沙箱验证码为手机号后六位）。</p>
<form method="post" action="${escapeHtml(`${SANDBOX_AUTH_PATH}/${ticket}`)}">
<input id="carrier-code" name="code" inputmode="numeric" maxlength="6" placeholder="请输入短信验证码" style="width:100%;box-sizing:border-box;padding:10px;font-size:16px;border:1px solid #ddd;border-radius:6px">
${error ? `<p class="sb-note" id="carrier-error" style="color:#e33">${escapeHtml(error)}</p>` : ''}
<button type="submit" id="carrier-confirm" class="sb-btn sb-primary">同意授权</button>
</form>
</div>`,
  );
}

const sandboxCarrierRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, options) => {
  acceptFormPosts(app);
  const hide = { hide: true };

  app.get(`${SANDBOX_AUTH_PATH}/:ticket`, { schema: { ...hide, params: ticketParams } }, async (request, reply) => {
    const t = await liveAuthTicket(app.db, request.params.ticket);
    if (!t) return html(reply, 404, message(TITLE, '授权链接已失效，请返回重新查询'));
    return html(reply, 200, form(t.ticket, t.carrier, t.phone, ''));
  });

  app.post(
    `${SANDBOX_AUTH_PATH}/:ticket`,
    { schema: { ...hide, params: ticketParams, body: codeBody } },
    async (request, reply) => {
      const t = await liveAuthTicket(app.db, request.params.ticket);
      if (!t) return html(reply, 404, message(TITLE, '授权链接已失效，请返回重新查询'));
      if (!(await answerAuthTicket(app.db, t, request.body?.code ?? '')))
        return html(reply, 400, form(t.ticket, t.carrier, t.phone, '验证码错误'));
      const back = safeRedirect(t.callbackUrl, options.config.publicBaseUrl) ?? '/';
      return seeOther(reply, back);
    },
  );
};

export default sandboxCarrierRoutes;
