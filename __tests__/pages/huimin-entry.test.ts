/** §2 user/huimin/huiminServer is reachable: 我的 -> 服务中心. */
jest.mock('../../src/api/transport', () => require('./harness').transportModule);
import { asCustomer } from './customer';
import { all, currentRoute, openAt, tap, waitFor } from './harness';

asCustomer();

test('服务中心 in 我的 opens the service page', async () => {
  await openAt('/pages/center/center');
  const entry = all('.sf-center__entry').find((e) => e.textContent?.includes('服务中心'));
  expect(entry).toBeDefined();
  tap(entry);
  await waitFor(() => expect(currentRoute()).toBe('subpackages/user/huimin/huiminServer'));
});
