/**
 * The sandbox cashier (DESIGN.md §4): the page that stands in for a payment provider's. It is opened by a browser
 * with no session (the random paymentSn is the capability) and answers HTML. Its 确认支付 does what a provider
 * does: it POSTs a signed notification to /pay/notify/sandbox over HTTP, then sends the browser back.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import {
  acceptFormPosts,
  button,
  escapeHtml,
  message,
  page,
  row,
  seeOther,
  sendHtml as html,
  yuan,
} from '../../runtime/html-page';
import { safeRedirect } from '../../runtime/redirect';
import { selfSender, type NotifySender } from '../../runtime/self-sender';
import { buildSandboxNotification, SANDBOX_PAY_TYPES, type SandboxPayType } from './providers/sandbox';
import { PAY_TYPE_NAMES, PAY_TYPES } from './providers/types';
import { cashierState, cashierTitle } from './sandbox-cashier';
import { closePayment, findPayment } from './service';

export const SANDBOX_NOTIFY_PATH = '/pay/notify/sandbox';

/** The cashier's channel choice: the pay type the order records (§3), WeChat first as the default. */
const channelChoice = `<div class="sb-card">${SANDBOX_PAY_TYPES.map(
  (t, i) =>
    `<label class="sb-row"><span>${PAY_TYPE_NAMES[t]}</span><input type="radio" name="payType" value="${t}" id="cashier-channel-${t}"${i === 0 ? ' checked' : ''}></label>`,
).join('')}</div>`;

/** The channel posted with 确认支付 (the form parsed to an object below); anything else pays as WeChat, the default. */
function chosenPayType(body: unknown): SandboxPayType {
  const raw = body && typeof body === 'object' ? (body as Record<string, unknown>).payType : undefined;
  const value = typeof raw === 'string' && /^\d$/.test(raw) ? Number(raw) : NaN;
  return (SANDBOX_PAY_TYPES as readonly number[]).includes(value) ? (value as SandboxPayType) : PAY_TYPES.WECHAT;
}

export interface SandboxRoutesOptions {
  config: Config;
  notifySender?: NotifySender;
}

const paymentParams = z.object({ paymentSn: z.string().min(1).max(64) });
const TITLE = '沙箱收银台';

const sandboxRoutes: FastifyPluginAsyncZod<SandboxRoutesOptions> = async (app, options) => {
  const send = options.notifySender ?? selfSender(app);
  const key = options.config.sandboxPayKey;
  // The cashier reads no form field but the channel; it must accept the form posts.
  acceptFormPosts(app);
  const hide = { hide: true };
  // Stored return targets were checked when stored; checked again here, so no page ever sends the browser to
  // another origin, whatever a row holds (e.g. one written before the rules tightened).
  const back = (url: string | null | undefined) => safeRedirect(url, options.config.publicBaseUrl);

  app.get('/sandbox/cashier/:paymentSn', { schema: { ...hide, params: paymentParams } }, async (request, reply) => {
    const state = await cashierState(app.db, request.params.paymentSn);
    if (!state.ok)
      return html(reply, state.status, message(TITLE, state.text, state.payment && back(state.payment.redirectUrl)));
    const { payment, order } = state;
    const title = await cashierTitle(app.db, payment, order);
    const action = `/sandbox/cashier/${encodeURIComponent(payment.paymentSn)}`;
    return html(
      reply,
      200,
      page(
        TITLE,
        `<div class="sb-head">沙箱收银台 · 演示环境，不会产生真实扣款</div>
<div class="sb-card">
<div class="sb-amount" id="cashier-amount">${escapeHtml(yuan(payment.amount))}</div>
${row('订单编号', order.orderNo)}
${row('支付内容', title)}
${row('支付单号', payment.paymentSn)}
</div>
${button(`${action}/confirm`, '确认支付', true, 'cashier-confirm', channelChoice)}
${button(`${action}/cancel`, '取消支付', false, 'cashier-cancel')}
<p class="sb-note">确认支付后，收银台会像真实支付渠道一样向商城服务器发送签名的支付通知，订单状态以服务器收到的通知为准。</p>`,
      ),
    );
  });

  app.post(
    '/sandbox/cashier/:paymentSn/confirm',
    { schema: { ...hide, params: paymentParams } },
    async (request, reply) => {
      const state = await cashierState(app.db, request.params.paymentSn);
      if (!state.ok) {
        // A second tap on 确认支付 after the first went through: just go back.
        const alreadyPaidBack = state.paid ? back(state.payment?.redirectUrl) : null;
        if (alreadyPaidBack) return seeOther(reply, alreadyPaidBack);
        return html(reply, state.status, message(TITLE, state.text, state.payment && back(state.payment.redirectUrl)));
      }
      const { payment } = state;
      const note = buildSandboxNotification(payment, key, new Date(), chosenPayType(request.body));
      let answer: { status: number; body: string };
      try {
        answer = await send(SANDBOX_NOTIFY_PATH, note.body, note.headers);
      } catch (err) {
        request.log.error({ err }, 'sandbox notification could not be delivered');
        answer = { status: 502, body: '' };
      }
      if (answer.status !== 200) {
        let reason = '支付通知发送失败';
        try {
          reason = (JSON.parse(answer.body) as { message?: string }).message || reason;
        } catch {
          // not JSON: keep the generic text
        }
        return html(reply, 502, message(TITLE, `支付失败：${reason}`, back(payment.redirectUrl)));
      }
      const paidBack = back(payment.redirectUrl);
      if (paidBack) return seeOther(reply, paidBack);
      return html(reply, 200, message(TITLE, '支付成功'));
    },
  );

  app.post(
    '/sandbox/cashier/:paymentSn/cancel',
    { schema: { ...hide, params: paymentParams } },
    async (request, reply) => {
      const payment = await findPayment(app.db, request.params.paymentSn);
      if (!payment || payment.provider !== 'sandbox') return html(reply, 404, message(TITLE, '支付单不存在'));
      await closePayment(app.db, payment.paymentSn);
      const cancelBack = back(payment.redirectUrl);
      if (cancelBack) return seeOther(reply, cancelBack);
      return html(reply, 200, message(TITLE, '已取消支付'));
    },
  );
};

export default sandboxRoutes;
