/**
 * Contract e-signature through e签宝 (ESIGN_PROVIDER=esign) against the local fake of its open API over real HTTP
 * (test/fakes/esign.ts checks every call's gateway signature as e签宝 does): the sign link uploads the agreement,
 * creates the flow with the customer as signer and answers e签宝's signing URL; SIGN_FLOW_COMPLETE, posted by the
 * fake to the listening server, signs the contract; the contract list asks e签宝 about a flow when the customer is
 * back first; forged, stale, replayed and unknown callbacks change nothing; a timeout leaves nothing recorded.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { contracts, orderPayments, orders } from '../../../src/domains/order/schema';
import { DEMO_AGREEMENT_SN } from '../../../src/domains/order/purchase-agreement';
import {
  callbackSignature,
  FAKE_ESIGN_APP_ID,
  FAKE_ESIGN_SECRET,
  startEsignFake,
  type EsignFake,
} from '../../fakes/esign';
import { buildHarness, type Harness } from '../../helpers/app';

const PHONE = '13800138123';
const BASE = 'https://shop.example';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('e-sign through e签宝 (live adapter against the local fake)', () => {
  let h: Harness;
  let fake: EsignFake;
  let port: number;
  let token: string;
  let userId: string;
  let seq = 0;

  before(async () => {
    fake = await startEsignFake();
    port = await freePort();
    h = await buildHarness({
      env: {
        ESIGN_PROVIDER: 'esign',
        ESIGN_APP_ID: FAKE_ESIGN_APP_ID,
        ESIGN_APP_SECRET: FAKE_ESIGN_SECRET,
        ESIGN_API_BASE: fake.base,
        ESIGN_CALLBACK_URL: `http://127.0.0.1:${port}/esign/notify`,
        ESIGN_TIMEOUT_MS: '400',
        ESIGN_FILE_POLL_MS: '5',
        PUBLIC_BASE_URL: BASE,
      },
    });
    await h.app.listen({ port, host: '127.0.0.1' });
    ({ token, userId } = await h.login(PHONE));
  });
  after(async () => {
    await h?.close();
    await fake?.close();
  });

  async function makeOrder(): Promise<string> {
    seq += 1;
    const orderNo = `E${Date.now()}${seq}`;
    await h.database.db.insert(orders).values({
      orderNo,
      projectSn: 'demo',
      userId,
      actSn: 'demo-course-01',
      orderType: 'COURSE',
      orderPayType: 1,
      status: 'UNPAID',
      totalAmount: 100,
      snapshot: {
        course: { courseName: '成人高考' },
        agreementSn: DEMO_AGREEMENT_SN,
        applicant: [{ label: '学员姓名', value: '张三' }],
      },
      expiresAt: new Date(Date.now() + 30 * 60_000),
      createdAt: new Date(),
    });
    await h.database.db
      .insert(orderPayments)
      .values({ orderNo, seq: 1, kind: 'NORMAL', amount: 100, deductionAmount: 0, status: 'UNPAID' });
    return orderNo;
  }

  const back = (orderNo: string) => `/#/subpackages/order/order/ratifyAccord?orderNo=${orderNo}&signReturn=1`;
  const link = (orderNo: string, t = token) =>
    h.post<{ signUrl: string; flowId: string }>(
      '/front/v1/client/order/sign/link',
      { orderNo, redirectUrl: back(orderNo) },
      t,
    );
  const list = (orderNo: string) =>
    h.get<{ list: Array<{ flowId: string; signed: boolean; signedAt: string | null }> }>(
      '/front/v1/client/order/contract/list',
      { orderNo },
      token,
    );
  const rowOf = async (flowId: string) =>
    (await h.database.db.select().from(contracts).where(eq(contracts.flowId, flowId)))[0];
  const post = (headers: Record<string, string>, body: string, path = '/esign/notify') =>
    h.inject({ method: 'POST', url: path, headers, payload: body });

  it('opens the flow at e签宝: agreement uploaded, customer as signer, signing URL back to the order', async () => {
    const orderNo = await makeOrder();
    const res = await link(orderNo);
    assert.equal(res.status, 200, res.raw.body);
    const { signUrl, flowId } = res.body.info;
    assert.equal(signUrl, `${fake.base}/sign/${flowId}`);
    assert.ok(fake.state.calls.length >= 4 && fake.state.calls.every((c) => c.ok), JSON.stringify(fake.state.calls));

    const flow = fake.flow(flowId);
    const file = fake.state.files.get(flow.fileId)!;
    const html = file.uploaded!.toString('utf8');
    assert.match(html, /课程购买协议/);
    assert.match(html, new RegExp(orderNo));
    assert.match(html, /课程费用/, 'the seeded agreement text is what the customer signs');
    const signer = (flow.body.signers as Array<Record<string, any>>)[0];
    assert.deepEqual(signer.psnSignerInfo, { psnAccount: PHONE, psnInfo: { psnName: '张三' } });
    const config = flow.body.signFlowConfig as Record<string, any>;
    assert.equal(config.notifyUrl, `http://127.0.0.1:${port}/esign/notify`);
    assert.equal(config.redirectConfig.redirectUrl, `${BASE}${back(orderNo)}`);
    assert.equal(
      flow.signUrlCalls[0].redirectConfig && (flow.signUrlCalls[0].redirectConfig as any).redirectUrl,
      `${BASE}${back(orderNo)}`,
    );

    const row = await rowOf(flowId);
    assert.deepEqual([row.provider, row.signedAt, row.closedAt], ['esign', null, null]);
    // A second tap reuses the open flow: no second upload or flow.
    const flows = fake.state.flows.size;
    const again = await link(orderNo);
    assert.equal(again.body.info.flowId, flowId);
    assert.equal(fake.state.flows.size, flows);
    // Not signed yet: no file, and the sandbox page never signs an e签宝 flow.
    const file0 = await h.get('/front/v1/client/order/contract/file/url', { flowId }, token);
    assert.deepEqual([file0.status, file0.body.message], [409, '合同尚未签署']);
    assert.equal((await h.inject({ method: 'GET', url: `/sandbox/esign/${flowId}` })).status, 404);
    assert.equal((await h.inject({ method: 'POST', url: `/sandbox/esign/${flowId}/confirm` })).status, 404);
    assert.equal((await rowOf(flowId)).signedAt, null);
  });

  it('refuses forged, stale, foreign and unknown callbacks; signs on SIGN_FLOW_COMPLETE; no replay', async () => {
    const orderNo = await makeOrder();
    const { flowId } = (await link(orderNo)).body.info;
    fake.sign(flowId);
    const flow = fake.flow(flowId);

    const forged = fake.completeEvent(flow, { secret: 'not-the-secret' });
    assert.equal((await post(forged.headers, forged.body)).status, 400);
    const stale = fake.completeEvent(flow, { timestamp: Date.now() - 6 * 60_000 });
    const staleRes = await post(stale.headers, stale.body);
    assert.deepEqual([staleRes.status, staleRes.body.message], [400, '电子签署通知已过期']);
    const good = fake.completeEvent(flow);
    const altered = good.body.replace('"2"', '"3"');
    assert.equal((await post(good.headers, altered)).status, 400, 'a changed body does not verify');
    assert.equal((await post({ ...good.headers, 'X-Tsign-Open-App-Id': 'other-app' }, good.body)).status, 400);
    assert.equal((await post({ 'content-type': 'application/json' }, good.body)).status, 400, 'unsigned');
    assert.equal((await post(good.headers, good.body, '/esign/notify?extra=1')).status, 400, 'query is signed');
    const unknown = fake.completeEvent({ ...flow, signFlowId: 'f'.repeat(32) });
    const unknownRes = await post(unknown.headers, unknown.body);
    assert.deepEqual([unknownRes.status, unknownRes.body.message], [404, '签署流程不存在']);
    assert.equal((await rowOf(flowId)).signedAt, null, 'nothing above changed the contract');

    // e签宝 posts the real one over HTTP to the listening server.
    const delivered = await fake.notify(flow);
    assert.equal(delivered.status, 200, delivered.body);
    assert.deepEqual(JSON.parse(delivered.body), { code: '200', msg: 'success' });
    const signedAt = (await rowOf(flowId)).signedAt;
    assert.ok(signedAt);
    // The same delivery again is refused and changes nothing.
    const replay = await post(good.headers, good.body);
    assert.equal(replay.status, 200, 'a different delivery of the same event (own timestamp) is applied once');
    const replayAgain = await post(good.headers, good.body);
    assert.deepEqual([replayAgain.status, replayAgain.body.message], [409, '重复的电子签署通知']);
    assert.deepEqual((await rowOf(flowId)).signedAt, signedAt);

    const listed = await list(orderNo);
    assert.deepEqual(
      listed.body.info.list.map((c) => [c.flowId, c.signed]),
      [[flowId, true]],
    );
    const fileRes = await h.get<{ url: string }>('/front/v1/client/order/contract/file/url', { flowId }, token);
    assert.equal(fileRes.status, 200, fileRes.raw.body);
    assert.equal(fileRes.body.info.url, `${fake.base}/signed/${flow.fileId}.pdf`);
    const detail = await h.get<{ agreementSigned: boolean; canSign: boolean }>(
      `/front/v1/client/order/details/${orderNo}/`,
      {},
      token,
    );
    assert.equal(detail.status, 200, detail.raw.body);
    assert.deepEqual([detail.body.info.agreementSigned, detail.body.info.canSign], [true, false]);
    const signedAgain = await link(orderNo);
    assert.deepEqual([signedAgain.status, signedAgain.body.message], [409, '协议已签署']);
  });

  it('asks e签宝 when the customer is back before the callback; an ended flow gives way to a new one', async () => {
    const orderNo = await makeOrder();
    const first = (await link(orderNo)).body.info.flowId;
    // e签宝 revoked it (or it expired): the list closes it, and the next tap opens a new flow.
    fake.flow(first).status = 3;
    assert.deepEqual((await list(orderNo)).body.info.list, []);
    assert.ok((await rowOf(first)).closedAt);
    const second = (await link(orderNo)).body.info.flowId;
    assert.notEqual(second, first);
    // Signed at e签宝, no callback yet: the list's query signs it.
    fake.sign(second);
    const listed = await list(orderNo);
    assert.deepEqual(
      listed.body.info.list.map((c) => [c.flowId, c.signed]),
      [[second, true]],
    );
    // The late callback of the closed flow changes nothing.
    const late = await fake.notify(fake.flow(first), { status: 2 });
    assert.equal(late.status, 200);
    assert.equal((await rowOf(first)).signedAt, null);
  });

  it('a timeout or a refusal at e签宝 records nothing and the customer can try again', async () => {
    const orderNo = await makeOrder();
    fake.state.delayMs = 800;
    const slow = await link(orderNo);
    fake.state.delayMs = 0;
    assert.equal(slow.status, 503);
    assert.match(slow.body.message, /^电子签署服务暂时无法使用，请稍后再试（请求超时）$/);
    assert.deepEqual(await h.database.db.select().from(contracts).where(eq(contracts.orderNo, orderNo)), []);

    fake.state.failCreate = { code: 1435002, message: '参数错误' };
    const refused = await link(orderNo);
    fake.state.failCreate = null;
    assert.deepEqual([refused.status, refused.body.message], [503, '电子签署服务暂时无法使用，请稍后再试（参数错误）']);
    assert.deepEqual(await h.database.db.select().from(contracts).where(eq(contracts.orderNo, orderNo)), []);

    const retry = await link(orderNo);
    assert.equal(retry.status, 200, retry.raw.body);
    assert.equal((await list(orderNo)).body.info.list.length, 1);
  });

  it('needs the customer phone to sign at e签宝', async () => {
    const visitor = await h.enterStored('demo');
    const me = await h.get<{ userId: string }>('/front/v1/user/cache', {}, visitor);
    const orderNo = await makeOrder();
    await h.database.db.update(orders).set({ userId: me.body.info.userId }).where(eq(orders.orderNo, orderNo));
    const res = await link(orderNo, visitor);
    assert.deepEqual([res.status, res.body.message], [409, '请先绑定手机号后再签署']);
  });

  it('answers malformed callbacks with a 4xx, never a 5xx', async () => {
    const orderNo = await makeOrder();
    const { flowId } = (await link(orderNo)).body.info;
    const ev = fake.completeEvent(fake.flow(flowId));
    for (const [headers, body] of [
      [{ 'content-type': 'text/plain' }, '\u0000'],
      [{ ...ev.headers, 'X-Tsign-Open-TIMESTAMP': 'abc' }, ev.body],
      [{ ...ev.headers, 'X-Tsign-Open-SIGNATURE': 'zz' }, ev.body],
      [{ ...ev.headers, 'X-Tsign-Open-SIGNATURE-ALGORITHM': 'md5' }, ev.body],
      [ev.headers, 'x'.repeat(70_000)],
    ] as const) {
      const res = await post(headers as Record<string, string>, body);
      assert.ok(res.status >= 400 && res.status < 500, `${res.status} ${res.raw.body}`);
    }
    // Correctly signed, but not an event this server can use.
    for (const body of ['null', '[]', '"x"', '{}', '{"signFlowId":5}', `{"signFlowId":"${'x'.repeat(5000)}"}`, '{']) {
      const timestamp = String(Date.now());
      const res = await post(
        {
          ...ev.headers,
          'X-Tsign-Open-TIMESTAMP': timestamp,
          'X-Tsign-Open-SIGNATURE': callbackSignature(FAKE_ESIGN_SECRET, timestamp, ev.url, body),
        },
        body,
      );
      assert.ok(res.status >= 400 && res.status < 500, `${body.slice(0, 20)}: ${res.status} ${res.raw.body}`);
    }
    assert.equal((await rowOf(flowId)).signedAt, null);
  });
});
