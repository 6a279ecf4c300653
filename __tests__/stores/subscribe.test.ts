import type { NotificationApi } from '../../src/api/notification';
import type { SubscribeHost } from '../../src/platform/subscribe/types';
import { PaymentStore } from '../../src/stores/payment';
import { SubscribeAsker } from '../../src/stores/subscribe';
import type { Api } from '../../src/api';
import { payParams } from '../fixtures/payment';

const flush = () => new Promise((r) => setTimeout(r, 0));

type HostSetup = Partial<SubscribeHost> & { platform: SubscribeHost['platform'] };

function setup(host: HostSetup, ids = ['T-PAID', 'T-SHIP']) {
  const api = {
    templates: jest.fn(async () => ({ templateIds: ids })),
    subscribe: jest.fn(async () => ({ granted: 1 })),
  };
  const request = jest.fn(host.request ?? (async (t: string[]) => Object.fromEntries(t.map((id) => [id, 'accept']))));
  const asker = new SubscribeAsker(api as unknown as NotificationApi, {
    platform: host.platform,
    request,
    viaForm: host.viaForm,
  });
  return { api, request, asker };
}

describe('subscribe permission', () => {
  it('WeChat: fetches the ids when the screen opens, asks at the moment, records the answers', async () => {
    const { api, request, asker } = setup({ platform: 'WEAPP' });
    asker.prepare('afterPay');
    asker.prepare('afterPay');
    await flush();
    expect(api.templates).toHaveBeenCalledTimes(1);
    expect(api.templates).toHaveBeenCalledWith('WEAPP', 'afterPay');
    await asker.ask('afterPay');
    expect(request).toHaveBeenCalledWith(['T-PAID', 'T-SHIP']);
    expect(api.subscribe).toHaveBeenCalledWith('WEAPP', { 'T-PAID': 'accept', 'T-SHIP': 'accept' });
  });

  it('nothing is recorded when every template was refused, and a failing sheet is swallowed', async () => {
    const refused = setup({ platform: 'WEAPP', request: async () => ({ 'T-PAID': 'reject', 'T-SHIP': 'ban' }) });
    refused.asker.prepare('afterRefundApply');
    await flush();
    await refused.asker.ask('afterRefundApply');
    expect(refused.api.subscribe).not.toHaveBeenCalled();
    const broken = setup({
      platform: 'WEAPP',
      request: async () => {
        throw new Error('requestSubscribeMessage:fail can only be invoked by user TAP gesture');
      },
    });
    broken.asker.prepare('afterPay');
    await flush();
    await expect(broken.asker.ask('afterPay')).resolves.toBeUndefined();
  });

  it('H5 asks for nothing; no ids configured shows no sheet', async () => {
    const h5 = setup({ platform: null });
    h5.asker.prepare('afterPay');
    await h5.asker.ask('afterPay');
    expect(h5.api.templates).not.toHaveBeenCalled();
    expect(h5.request).not.toHaveBeenCalled();
    const none = setup({ platform: 'WEAPP' }, []);
    none.asker.prepare('afterPay');
    await flush();
    await none.asker.ask('afterPay');
    expect(none.request).not.toHaveBeenCalled();
  });

  it('the payment store asks right after a successful payment, not after a cancelled one', async () => {
    const subscribe = { prepare: jest.fn(), ask: jest.fn(async () => undefined) };
    const api = { payment: { pay: jest.fn(async () => payParams({ payAmount: 100 })) } } as unknown as Api;
    const storage = { get: () => null, set: () => undefined, remove: () => undefined };
    let status: 'success' | 'cancel' = 'success';
    const store = new PaymentStore(api, storage, {
      pay: async () => ({ status }),
      context: () => ({ paySource: 'WEAPP', tradeType: 'JSAPI' }),
      subscribe,
    });
    await store.payOrder('O1', 'detail');
    expect(subscribe.prepare).toHaveBeenCalledWith('afterPay');
    expect(subscribe.ask).toHaveBeenCalledTimes(1);
    status = 'cancel';
    await store.payOrder('O1', 'detail');
    expect(subscribe.ask).toHaveBeenCalledTimes(1);
  });

  it("Baidu: no sheet; the form's templates are fetched once and its submit records the grant", async () => {
    const { api, request, asker } = setup({ platform: 'SWAN', viaForm: true }, ['B-PAID', 'B-SHIP', 'B-DUE', 'B-4']);
    const [a, b] = await Promise.all([asker.formTemplates('afterPay'), asker.formTemplates('afterPay')]);
    expect(a).toEqual(['B-PAID', 'B-SHIP', 'B-DUE']);
    expect(b).toBe(a);
    expect(api.templates).toHaveBeenCalledTimes(1);
    expect(api.templates).toHaveBeenCalledWith('SWAN', 'afterPay');
    asker.prepare('afterPay');
    await flush();
    await asker.ask('afterPay');
    expect(request).not.toHaveBeenCalled();

    await asker.recordForm('afterPay-1', a, { formId: { 'B-PAID': 'f1', 'B-SHIP': '' }, status: 0 });
    expect(api.subscribe).toHaveBeenCalledWith('SWAN', { 'B-PAID': 'accept' }, 'afterPay-1');
    await asker.recordForm('afterPay-2', a, { formId: '', status: 500102 });
    expect(api.subscribe).toHaveBeenCalledTimes(1);
  });

  it('Baidu: a failed template fetch is tried again; WeChat and H5 have no form', async () => {
    const swan = setup({ platform: 'SWAN', viaForm: true });
    swan.api.templates.mockRejectedValueOnce(new Error('offline'));
    await expect(swan.asker.formTemplates('afterRefundApply')).resolves.toEqual([]);
    await expect(swan.asker.formTemplates('afterRefundApply')).resolves.toEqual(['T-PAID', 'T-SHIP']);
    swan.api.subscribe.mockRejectedValueOnce(new Error('offline'));
    await expect(swan.asker.recordForm('s', ['T-PAID'], { formId: 'f' })).resolves.toBeUndefined();
    for (const other of [setup({ platform: 'WEAPP' }), setup({ platform: null })]) {
      await expect(other.asker.formTemplates('afterPay')).resolves.toEqual([]);
      await other.asker.recordForm('s', ['T-PAID'], { formId: 'f' });
      expect(other.api.subscribe).not.toHaveBeenCalled();
    }
  });
});
