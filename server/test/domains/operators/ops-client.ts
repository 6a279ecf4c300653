/** Calls to /ops as the console makes them: a bearer token, JSON, each login from its own client address. */
import type { OpsSession, OperatorRole } from '@contract/operators';
import { DEFAULT_OPS_KEY } from '../../../src/config';
import type { Harness, Reply } from '../../helpers/app';

export const OPS_KEY_AUTH = { authorization: `Bearer ${DEFAULT_OPS_KEY}` };

let address = 0;
/** A fresh client address per login, so the per-address login limit never trips a test that is not about it. */
export const nextAddress = () => `10.9.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

export function opsCall(h: Harness, method: string, url: string, token: string | null, payload?: unknown) {
  return h.inject({
    method: method as 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

export async function login(
  h: Harness,
  username: string,
  password: string,
  remoteAddress = nextAddress(),
): Promise<Reply<OpsSession>> {
  return (await h.inject({
    method: 'POST',
    url: '/ops/v1/auth/login',
    payload: { username, password },
    remoteAddress,
  })) as Reply<OpsSession>;
}

let seq = 0;
/** A new operator (made with the OPS_KEY) and a session of it. */
export async function operatorSession(
  h: Harness,
  role: OperatorRole,
  projectSns: string[],
): Promise<{ id: number; token: string; username: string }> {
  const username = `t${role}${Date.now().toString(36)}${++seq}`;
  const password = 'a-long-test-password';
  const made = await h.inject({
    method: 'POST',
    url: '/ops/v1/operators',
    headers: OPS_KEY_AUTH,
    payload: { username, displayName: username, role, password, projectSns },
  });
  if (made.status !== 200) throw new Error(`create operator: ${made.raw.body}`);
  const session = await login(h, username, password);
  if (session.status !== 200) throw new Error(`login: ${session.raw.body}`);
  return { id: (made.body.info as { id: number }).id, token: session.body.info.token, username };
}
