/**
 * One HTTP call to an outside vendor's API, with a deadline, and the one error every adapter throws when the call
 * did not do what was asked: `answered` when the vendor said no (so nothing was done there), otherwise the outcome
 * is unknown (timed out, network, an answer that cannot be read) and the vendor may have acted.
 */
export class VendorError extends Error {
  constructor(
    readonly vendor: string,
    /** The vendor's own error code, or TIMEOUT / NETWORK / BAD_ANSWER. */
    readonly code: string,
    message: string,
    readonly answered: boolean,
    readonly requestId?: string,
  ) {
    super(`${vendor} ${code}: ${message}`);
    this.name = 'VendorError';
  }
}

/** POSTs and reads the answer as JSON; HTTP status and body are the caller's to judge. */
export async function postJson(
  vendor: string,
  url: string,
  /** body unset: none at all (no content-type either). */
  init: { headers: Record<string, string>; body?: string; timeoutMs: number },
): Promise<{ status: number; body: unknown }> {
  let response: Response;
  let raw: string;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: init.headers,
      body: init.body,
      signal: AbortSignal.timeout(init.timeoutMs),
    });
    raw = await response.text();
  } catch (err) {
    const timedOut = (err as Error)?.name === 'TimeoutError';
    throw new VendorError(vendor, timedOut ? 'TIMEOUT' : 'NETWORK', String((err as Error)?.message ?? err), false);
  }
  try {
    return { status: response.status, body: JSON.parse(raw) as unknown };
  } catch {
    throw new VendorError(vendor, 'BAD_ANSWER', `HTTP ${response.status}, not JSON: ${raw.slice(0, 200)}`, false);
  }
}
