/** The AppError a provider call refuses with (a 4xx/5xx with a Chinese message, never another kind of error). */
import assert from 'node:assert/strict';
import { AppError } from '../../src/runtime/http';

export async function refusal(p: Promise<unknown> | (() => unknown)): Promise<AppError> {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (err) {
    assert.ok(err instanceof AppError, String(err));
    return err;
  }
  assert.fail('expected a refusal');
}
