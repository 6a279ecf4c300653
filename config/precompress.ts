/**
 * Build-time compression for the H5: after webpack writes the files, a .br (brotli, best quality)
 * and a .gz (gzip level 9) are written next to every text asset worth compressing, so the server
 * (server/src/runtime/static.ts, preCompressed) sends them without spending CPU per request.
 * node:zlib only: no compression package is installed.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt)$/;
/** Below a packet or so compression buys nothing and costs a header. */
const MIN_BYTES = 1024;

interface Stats {
  compilation: { outputOptions: { path?: string }; assets: Record<string, unknown> };
}
interface Compiler {
  hooks: { afterEmit: { tap(name: string, fn: (compilation: Stats['compilation']) => void): void } };
}

export function precompressDir(outputPath: string, files: string[]): number {
  let written = 0;
  for (const name of files) {
    if (!COMPRESSIBLE.test(name)) continue;
    const path = join(outputPath, name);
    // The watch build (npm run dev:h5) serves from webpack-dev-server's memory: nothing is on disk to compress,
    // and it sends its files uncompressed anyway.
    if (!existsSync(path)) continue;
    const buf = readFileSync(path);
    if (buf.length < MIN_BYTES) continue;
    const br = brotliCompressSync(buf, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: buf.length,
      },
    });
    const gz = gzipSync(buf, { level: 9 });
    // A compressed file that is not smaller is left out: the server then sends the plain one.
    if (br.length < buf.length) writeFileSync(`${path}.br`, br);
    if (gz.length < buf.length) writeFileSync(`${path}.gz`, gz);
    written += 1;
  }
  return written;
}

export class PrecompressPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tap('PrecompressPlugin', (compilation) => {
      const out = compilation.outputOptions.path;
      if (out) precompressDir(out, Object.keys(compilation.assets));
    });
  }
}
