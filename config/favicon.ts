/**
 * H5: the page's icon under a content-hashed name (cached for a year by the server), linked from index.html.
 * /favicon.ico itself is revalidated on every request, and Chromium asks for the page's icon again on each
 * same-document navigation: a shared link (site, entrance, page) made three requests for it before its first paint.
 * /favicon.ico is still copied (config/index.ts): browsers ask for it on any site.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

interface Compilation {
  getAsset(name: string): { source: { source(): string | Buffer } } | undefined;
  emitAsset(name: string, source: unknown): void;
  updateAsset(name: string, source: unknown): void;
  hooks: { processAssets: { tap(options: { name: string; stage: number }, fn: () => void): void } };
}
interface Compiler {
  webpack: {
    sources: { RawSource: new (s: string | Buffer) => unknown };
    Compilation: { PROCESS_ASSETS_STAGE_SUMMARIZE: number };
  };
  hooks: { thisCompilation: { tap(name: string, fn: (compilation: Compilation) => void): void } };
}

/** The link as src/index.html writes it. */
const ICON_LINK = 'href="favicon.ico"';

export class HashedIconPlugin {
  constructor(private readonly file: string) {}

  apply(compiler: Compiler): void {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('HashedIconPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'HashedIconPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          const html = compilation.getAsset('index.html');
          const text = html && String(html.source.source());
          if (!text || !text.includes(ICON_LINK)) return;
          const icon = readFileSync(this.file);
          // Taro's own naming of hashed files (name.<8 hex>.ext), which the server caches as immutable.
          const name = `static/favicon.${createHash('sha256').update(icon).digest('hex').slice(0, 8)}.ico`;
          compilation.emitAsset(name, new RawSource(icon));
          compilation.updateAsset('index.html', new RawSource(text.replace(ICON_LINK, `href="${name}"`)));
        },
      );
    });
  }
}
