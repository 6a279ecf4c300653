import { returnUrl } from '../../src/domain/return-url';

describe('H5 return URL for the cashier and the e-sign page', () => {
  const here = { origin: 'https://shop.example.com', pathname: '/' };

  test("a path when the API is on the page's origin (the server takes only paths without PUBLIC_BASE_URL)", () => {
    expect(returnUrl('', here, '/pages/order/orderDetail?orderNo=1')).toBe('/#/pages/order/orderDetail?orderNo=1');
    expect(returnUrl('https://SHOP.example.com', here, '/x')).toBe('/#/x');
    expect(returnUrl('', { origin: 'http://localhost:3000', pathname: '/h5/index.html' }, '/x')).toBe(
      '/h5/index.html#/x',
    );
  });

  test('the absolute URL when the API is elsewhere (the server must name this origin in PUBLIC_BASE_URL)', () => {
    expect(returnUrl('https://api.example.com', here, '/x')).toBe('https://shop.example.com/#/x');
  });
});
