import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FastifyBaseLogger } from 'fastify';
import { LogSmsProvider, createSmsProvider } from '../../../src/domains/auth/providers/sms';

describe('log SMS provider', () => {
  it('writes exactly one stdout line and one info log line with the code', async () => {
    const printed: string[] = [];
    const logged: unknown[] = [];
    const log = { info: (msg: unknown) => logged.push(msg) } as unknown as FastifyBaseLogger;
    await new LogSmsProvider(log, (line) => printed.push(line)).sendCode('13800138000', '042917');
    assert.deepEqual(printed, ['[sms] 验证码 042917 已发送至 13800138000']);
    assert.deepEqual(logged, ['[sms] 验证码 042917 已发送至 13800138000']);
  });

  it('prints through console.log by default', async (t) => {
    const spy = t.mock.method(console, 'log', () => undefined);
    const log = { info: () => undefined } as unknown as FastifyBaseLogger;
    await createSmsProvider({ smsProvider: 'log' }, log).sendCode('13800138000', '123456');
    assert.equal(spy.mock.callCount(), 1);
    assert.deepEqual(spy.mock.calls[0].arguments, ['[sms] 验证码 123456 已发送至 13800138000']);
  });
});
