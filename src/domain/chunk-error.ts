/**
 * §8/§9: a page's code (an H5 chunk) that has not loaded within 120 s, or failed to load, is a load error the
 * customer can retry, not a blank screen.
 */
export const CHUNK_LOAD_TIMEOUT_MS = 120000;
export const CHUNK_ERROR_TEXT = '页面加载失败，请检查网络后重试';

/** webpack rejects a failed or timed-out chunk with a ChunkLoadError ("Loading chunk 12 failed. (timeout: …)"). */
export function isChunkLoadError(reason: unknown): boolean {
  if (!reason || typeof reason !== 'object') return false;
  const { name, message } = reason as { name?: unknown; message?: unknown };
  return (
    name === 'ChunkLoadError' || (typeof message === 'string' && /Loading (CSS )?chunk [\w-]+ failed/.test(message))
  );
}
