/**
 * Saves a CSV export of /ops: fetched with the session's bearer token (a plain link would carry none), then saved
 * under the server's file name. A refusal is thrown with the server's Chinese message.
 */
import { ApiError, NETWORK_MESSAGE, withQuery, type Query } from './client';

export async function downloadCsv(token: string, path: string, query: Query, fallbackName: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(withQuery(path, query), { headers: { Authorization: `Bearer ${token}` } });
  } catch {
    throw new ApiError(NETWORK_MESSAGE, 0);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string; code?: number } | null;
    throw new ApiError(body?.message || `导出失败（${res.status}），请稍后重试`, res.status, body?.code);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
