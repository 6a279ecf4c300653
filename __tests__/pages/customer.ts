/**
 * The prelude of a page test that runs as a signed-in customer (it was written out in every file): a
 * clean fake server and a session before each test, and Taro's toasts watched, so a test can say which message
 * the customer was shown.
 */
import Taro from '@tarojs/taro';
import { resetServer, signIn, waitFor } from './harness';

export function asCustomer(phone = '13800138000') {
  let spy: jest.SpyInstance | null = null;
  beforeEach(() => {
    resetServer();
    signIn(phone);
    spy = jest.spyOn(Taro, 'showToast');
  });
  afterEach(() => spy?.mockRestore());
  return {
    /** The toast spy of the running test. */
    get toast(): jest.SpyInstance {
      if (!spy) throw new Error('toasts are watched only inside a test');
      return spy;
    },
    /** The customer was shown a toast with this title. */
    toasted(title: string): void {
      expect(spy).toHaveBeenCalledWith(expect.objectContaining({ title }));
    },
    /** Waits until the customer has been shown a toast with this title. */
    seesToast(title: string): Promise<void> {
      return waitFor(() => expect(spy).toHaveBeenCalledWith(expect.objectContaining({ title })));
    },
  };
}
