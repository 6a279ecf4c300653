/**
 * The sandbox provider's pages (DESIGN.md §4): the cashier that stands in for a payment provider's page and
 * the e-sign page that stands in for an e-sign provider's. They are opened by a browser with no session (the
 * random paymentSn / flowId is the capability) and answer HTML. The cashier's 确认支付 does what a provider
 * does: it POSTs a signed notification to /pay/notify/sandbox over HTTP, then sends the browser back.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { contractOrder, findAgreement, findContract, signContract } from '../order/purchase-agreement';
import { expireUnpaidOrders } from '../order/expiry';
import { cancelledByExpiry, findOrder, orderPaymentRows, type OrderRow } from '../order/state-db';
import { PAYABLE_STATES } from '../order/state';
import { courseNameOf, paymentTitle } from '../order/view';
import { closePayment, findPayment, type PaymentRow } from '../payment/service';
import { buildSandboxNotification, SANDBOX_PAY_TYPES, type SandboxPayType } from '../payment/providers/sandbox';
import { PAY_TYPE_NAMES, PAY_TYPES } from '../payment/providers/types';

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
import { safeRedirect } from '../../runtime/redirect';
import { button, chinaTime, escapeHtml, link, message, page, row, yuan } from './pages';

/** How the cashier delivers its notification; the answer's status 200 means accepted. */
export type NotifySender = (path: string, body: string, headers: Record<string, string>) => Promise<{ status: number; body: string }>;

export const SANDBOX_NOTIFY_PATH = '/pay/notify/sandbox';

/**
 * Over HTTP to this server's own listening address (what a provider's callback would hit); through
 * fastify.inject when the app is not listening (tests that never listen).
 */
export function selfSender(app: FastifyInstance): NotifySender {
  return async (path, body, headers) => {
    const address = app.server.address();
    if (address && typeof address === 'object') {
      const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
      const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}${path}`;
      const res = await fetch(url, { method: 'POST', headers, body });
      return { status: res.status, body: await res.text() };
    }
    const res = await app.inject({ method: 'POST', url: path, headers, payload: body });
    return { status: res.statusCode, body: res.body };
  };
}

export interface SandboxRoutesOptions {
  config: Config;
  notifySender?: NotifySender;
}

const paymentParams = z.object({ paymentSn: z.string().min(1).max(64) });
const flowParams = z.object({ flowId: z.string().min(1).max(64) });

// no-store: a cashier page reached again with the back button must be asked for anew (it then says the payment
// was closed or paid), never shown from the browser's cache still offering 确认支付.
const html = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
const seeOther = (reply: FastifyReply, url: string) => reply.code(303).header('location', url).send();

const sandboxRoutes: FastifyPluginAsyncZod<SandboxRoutesOptions> = async (app, options) => {
  const send = options.notifySender ?? selfSender(app);
  const key = options.config.sandboxPayKey;
  // HTML forms post urlencoded fields; the sandbox pages read none, but must accept them.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const hide = { hide: true };
  // Stored return targets were checked when stored; checked again here, so no page ever sends the browser to
  // another origin, whatever a row holds (e.g. one written before the rules tightened).
  const back = (url: string | null | undefined) => safeRedirect(url, options.config.publicBaseUrl);

  type CashierState =
    | { ok: true; payment: PaymentRow; order: OrderRow }
    | { ok: false; status: number; body: string; paid?: PaymentRow };

  /** The sandbox payment and its order, or the page that says why the cashier cannot take it. */
  async function cashierState(paymentSn: string): Promise<CashierState> {
    const refuse = (status: number, text: string, back?: string | null, paid?: PaymentRow): CashierState => ({
      ok: false,
      status,
      body: message('沙箱收银台', text, back),
      paid,
    });
    const payment = await findPayment(app.db, paymentSn);
    if (!payment || payment.provider !== 'sandbox') return refuse(404, '支付单不存在');
    await expireUnpaidOrders(app.db, new Date(), { orderNo: payment.orderNo });
    const order = await findOrder(app.db, payment.orderNo);
    const backUrl = back(payment.redirectUrl);
    if (!order) return refuse(404, '订单不存在', backUrl);
    if (payment.status === 'SUCCESS') return refuse(409, '该笔款项已支付', backUrl, payment);
    if (payment.status !== 'PENDING') return refuse(409, '该支付已关闭，请返回重新发起支付', backUrl);
    if (!PAYABLE_STATES.includes(order.status)) {
      const text =
        order.status === 'CANCELLED' ? ((await cancelledByExpiry(app.db, order.orderNo)) ? '订单已过期' : '订单已取消') : '订单已支付';
      return refuse(409, `${text}，无法支付`, backUrl);
    }
    return { ok: true, payment, order };
  }

  app.get(
    '/sandbox/cashier/:paymentSn',
    { schema: { ...hide, params: paymentParams } },
    async (request, reply) => {
      const state = await cashierState(request.params.paymentSn);
      if (!state.ok) return html(reply, state.status, state.body);
      const { payment, order } = state;
      const rows = await orderPaymentRows(app.db, order.orderNo);
      const due = rows.find((r) => r.seq === payment.seq);
      const title = due ? paymentTitle(order, due, await courseNameOf(app.db, order)) : order.orderNo;
      const action = `/sandbox/cashier/${encodeURIComponent(payment.paymentSn)}`;
      return html(
        reply,
        200,
        page(
          '沙箱收银台',
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
    },
  );

  app.post(
    '/sandbox/cashier/:paymentSn/confirm',
    { schema: { ...hide, params: paymentParams } },
    async (request, reply) => {
      const state = await cashierState(request.params.paymentSn);
      // A second tap on 确认支付 after the first went through: just go back.
      const alreadyPaidBack = state.ok ? null : back(state.paid?.redirectUrl);
      if (!state.ok && alreadyPaidBack) return seeOther(reply, alreadyPaidBack);
      if (!state.ok) return html(reply, state.status, state.body);
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
        return html(reply, 502, message('沙箱收银台', `支付失败：${reason}`, back(payment.redirectUrl)));
      }
      const paidBack = back(payment.redirectUrl);
      if (paidBack) return seeOther(reply, paidBack);
      return html(reply, 200, message('沙箱收银台', '支付成功'));
    },
  );

  app.post(
    '/sandbox/cashier/:paymentSn/cancel',
    { schema: { ...hide, params: paymentParams } },
    async (request, reply) => {
      const payment = await findPayment(app.db, request.params.paymentSn);
      if (!payment || payment.provider !== 'sandbox') return html(reply, 404, message('沙箱收银台', '支付单不存在'));
      await closePayment(app.db, payment.paymentSn);
      const cancelBack = back(payment.redirectUrl);
      if (cancelBack) return seeOther(reply, cancelBack);
      return html(reply, 200, message('沙箱收银台', '已取消支付'));
    },
  );

  app.get(
    '/sandbox/esign/:flowId',
    { schema: { ...hide, params: flowParams } },
    async (request, reply) => {
      const contract = await findContract(app.db, request.params.flowId);
      if (!contract) return html(reply, 404, message('电子签署', '合同不存在'));
      const contractPage = `/sandbox/contract/${encodeURIComponent(contract.flowId)}`;
      if (contract.signedAt) {
        return html(
          reply,
          200,
          page('电子签署', `<div class="sb-card"><div class="sb-msg">协议已签署</div>${link(contractPage, '查看合同')}${back(contract.redirectUrl) ? link(back(contract.redirectUrl)!, '返回') : ''}</div>`),
        );
      }
      const order = await contractOrder(app.db, contract);
      if (!order || order.status === 'CANCELLED') return html(reply, 409, message('电子签署', '订单已取消，无法签署', back(contract.redirectUrl)));
      const agreement = await findAgreement(app.db, contract.agreementSn);
      return html(
        reply,
        200,
        page(
          '电子签署',
          `<div class="sb-head">电子签署 · 演示环境</div>
<div class="sb-card"><h3 id="esign-title">${escapeHtml(contract.contractName)}</h3>
${row('订单编号', order.orderNo)}
<div class="sb-text">${escapeHtml(agreement?.agreementContent ?? '协议内容暂缺，请联系客服。')}</div></div>
${button(`/sandbox/esign/${encodeURIComponent(contract.flowId)}/confirm`, '确认签署', true, 'esign-confirm')}
${back(contract.redirectUrl) ? link(back(contract.redirectUrl)!, '暂不签署') : ''}`,
        ),
      );
    },
  );

  app.post(
    '/sandbox/esign/:flowId/confirm',
    { schema: { ...hide, params: flowParams } },
    async (request, reply) => {
      const contract = await findContract(app.db, request.params.flowId);
      if (!contract) return html(reply, 404, message('电子签署', '合同不存在'));
      const order = await contractOrder(app.db, contract);
      if (!contract.signedAt && (!order || order.status === 'CANCELLED')) {
        return html(reply, 409, message('电子签署', '订单已取消，无法签署', back(contract.redirectUrl)));
      }
      await signContract(app.db, contract.flowId);
      return seeOther(reply, back(contract.redirectUrl) ?? `/sandbox/contract/${encodeURIComponent(contract.flowId)}`);
    },
  );

  app.get(
    '/sandbox/contract/:flowId',
    { schema: { ...hide, params: flowParams } },
    async (request, reply) => {
      const contract = await findContract(app.db, request.params.flowId);
      if (!contract) return html(reply, 404, message('合同', '合同不存在'));
      if (!contract.signedAt) return html(reply, 409, message('合同', '合同尚未签署', back(contract.redirectUrl)));
      const agreement = await findAgreement(app.db, contract.agreementSn);
      return html(
        reply,
        200,
        page(
          contract.contractName,
          `<div class="sb-card"><h3>${escapeHtml(contract.contractName)}</h3>
${row('订单编号', contract.orderNo)}
${row('签署状态', '已签署（沙箱电子签）')}
${row('签署时间', chinaTime(contract.signedAt))}
${row('合同编号', contract.flowId)}
<div class="sb-text">${escapeHtml(agreement?.agreementContent ?? '')}</div>
<p class="sb-signed" id="contract-signed">本合同已于 ${escapeHtml(chinaTime(contract.signedAt))} 签署</p></div>`,
        ),
      );
    },
  );
};

export default sandboxRoutes;
