/** §2 result success/courseDetailSuccess names the course from §7's v2 course order details. */
jest.mock('../../src/api/transport', () => require('./harness').transportModule);
import { asCustomer } from './customer';
import { openAt, requests, route, text, waitFor } from './harness';

asCustomer();

test('报名成功 with the course of the order, read through the v2 course order details', async () => {
  route('GET', '/front/v2/client/course/order/details/CO7', () => ({
    info: { orderNo: 'CO7', courseName: '成人高考专升本' },
  }));
  await openAt('/subpackages/result/success/courseDetailSuccess?orderNo=CO7');
  await waitFor(() => expect(text('#result-course')).toBe('成人高考专升本'));
  expect(requests.filter((r) => r.path.startsWith('/front/v1/client/order/details/'))).toHaveLength(0);
});
