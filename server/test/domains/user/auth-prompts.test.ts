/** The §6 prompts of /front/v1/user/auth and every platform login's answer (domains/user/service.ts authPrompts). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { authPrompts } from '../../../src/domains/user/service';

describe('auth prompts', () => {
  it('the phone everywhere, the profile only where WeChat OAuth can give it', () => {
    assert.deepEqual(authPrompts({ phone: null, nickName: null }, 'WECHAT_H5'), {
      needAuthUser: true,
      needAuthPhone: true,
    });
    assert.deepEqual(authPrompts({ phone: '13500000001', nickName: '微信用户' }, 'WECHAT_H5'), {
      needAuthUser: false,
      needAuthPhone: false,
    });
    for (const source of ['H5', 'WEAPP', 'SWAN'] as const) {
      assert.deepEqual(authPrompts({ phone: null, nickName: null }, source), {
        needAuthUser: false,
        needAuthPhone: true,
      });
    }
  });
});
