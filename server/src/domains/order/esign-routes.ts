/**
 * The sandbox e-sign pages (DESIGN.md §4): the page that stands in for an e-sign provider's, where the customer
 * signs the order's purchase agreement, and the signed contract. Opened by a browser with no session (the random
 * flowId is the capability); they answer HTML. Signing there works only while the sandbox is the active provider and
 * only for its own flows. Beside them, POST /esign/notify: e签宝's flow events (esign-notify-routes.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import {
  acceptFormPosts,
  button,
  chinaTime,
  escapeHtml,
  link,
  message,
  page,
  row,
  seeOther,
  sendHtml as html,
} from '../../runtime/html-page';
import { safeRedirect } from '../../runtime/redirect';
import { contractOrder, findAgreement, findContract, signContract, type ContractRow } from './purchase-agreement';
import type { EsignProviders } from './providers/esign';
import esignNotifyRoutes from './esign-notify-routes';

const flowParams = z.object({ flowId: z.string().min(1).max(64) });

const esignRoutes: FastifyPluginAsyncZod<{ config: Config; esign: EsignProviders }> = async (app, options) => {
  await app.register(esignNotifyRoutes, { config: options.config, esign: options.esign });
  // The pages read no form field, but must accept the form posts.
  acceptFormPosts(app);
  const hide = { hide: true };
  // Stored return targets were checked when stored; checked again here, so no page ever sends the browser to
  // another origin, whatever a row holds (e.g. one written before the rules tightened).
  const back = (url: string | null | undefined) => safeRedirect(url, options.config.publicBaseUrl);
  // A live provider's flow is signed at the provider, never here; nor a sandbox one once a live provider is active.
  const signable = (c: ContractRow | null) =>
    c && c.provider === 'sandbox' && options.esign.active.name === 'sandbox' && !c.closedAt ? c : null;

  app.get('/sandbox/esign/:flowId', { schema: { ...hide, params: flowParams } }, async (request, reply) => {
    const contract = signable(await findContract(app.db, request.params.flowId));
    if (!contract) return html(reply, 404, message('电子签署', '合同不存在'));
    const contractPage = `/sandbox/contract/${encodeURIComponent(contract.flowId)}`;
    if (contract.signedAt) {
      return html(
        reply,
        200,
        page(
          '电子签署',
          `<div class="sb-card"><div class="sb-msg">协议已签署</div>${link(contractPage, '查看合同')}${back(contract.redirectUrl) ? link(back(contract.redirectUrl)!, '返回') : ''}</div>`,
        ),
      );
    }
    const order = await contractOrder(app.db, contract);
    if (!order || order.status === 'CANCELLED')
      return html(reply, 409, message('电子签署', '订单已取消，无法签署', back(contract.redirectUrl)));
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
  });

  app.post('/sandbox/esign/:flowId/confirm', { schema: { ...hide, params: flowParams } }, async (request, reply) => {
    const contract = signable(await findContract(app.db, request.params.flowId));
    if (!contract) return html(reply, 404, message('电子签署', '合同不存在'));
    const order = await contractOrder(app.db, contract);
    if (!contract.signedAt && (!order || order.status === 'CANCELLED')) {
      return html(reply, 409, message('电子签署', '订单已取消，无法签署', back(contract.redirectUrl)));
    }
    await signContract(app.db, contract.flowId);
    return seeOther(reply, back(contract.redirectUrl) ?? `/sandbox/contract/${encodeURIComponent(contract.flowId)}`);
  });

  app.get('/sandbox/contract/:flowId', { schema: { ...hide, params: flowParams } }, async (request, reply) => {
    const found = await findContract(app.db, request.params.flowId);
    const contract = found?.provider === 'sandbox' ? found : null;
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
  });
};

export default esignRoutes;
