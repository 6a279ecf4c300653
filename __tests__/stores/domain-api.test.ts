jest.mock('../../src/api/transport', () => require('../pages/harness').transportModule);

import { createAfterSalesApi } from '../../src/api/after-sales';
import { createFeedbackApi } from '../../src/api/feedback';
import { domainApi } from '../../src/stores/domain-api';
import { resetServer, route, signIn, transportModule } from '../pages/harness';

/**
 * Sub-package domain calls are bound with stores/domain-api.ts instead of the root api object: they must
 * go through the app's one request wrapper exactly as root calls do (session token, envelope, §8 errors).
 */
describe('domainApi', () => {
  beforeEach(() => {
    resetServer();
    signIn();
  });

  it('makes each domain module once', () => {
    expect(domainApi(createAfterSalesApi)).toBe(domainApi(createAfterSalesApi));
    expect(domainApi(createFeedbackApi)).not.toBe(domainApi(createAfterSalesApi));
  });

  it("sends through the app's request wrapper with the signed-in session", async () => {
    route('GET', '/front/v1/after/sales/list', (data) => ({
      info: { list: [{ applicationNo: `A-${data.tab}` }], total: 1 },
    }));
    const page = await domainApi(createAfterSalesApi).list('all', 1);
    expect(page.list).toEqual([{ applicationNo: 'A-all' }]);
    const sent = transportModule.taroTransport.mock.calls.at(-1)?.[0];
    expect(sent?.header['X-Token']).toBe('test-token');
  });

  it("answers a refusal with the server's message, as root calls do", async () => {
    route('POST', '/front/v1/feedback/submit', () => ({ error: '内容不能为空' }));
    await expect(
      domainApi(createFeedbackApi).submit({ feedbackType: '功能异常', content: '', images: [] }),
    ).rejects.toMatchObject({ message: '内容不能为空' });
  });
});
