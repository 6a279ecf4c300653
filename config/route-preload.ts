/**
 * H5: a shared item's page chunks fetched beside the entry's scripts. An inline script in index.html's <head> reads
 * the hash route and adds preload links for that page's chunks (and the entrance's, which a visitor without a stored
 * session passes through first), so they are on hand when the app starts instead of a round trip after it.
 * Only the detail pages promoters share: the home's first screen is drawn by the server, and preloading its chunks
 * took bandwidth from the entry's scripts (docs/lighthouse.md).
 */

interface Chunk {
  files: Set<string>;
}
interface ChunkGroup {
  name?: string | null;
  origins?: { request?: string }[];
  chunks: Chunk[];
}
interface Compilation {
  chunkGroups: ChunkGroup[];
  entrypoints: Map<string, ChunkGroup>;
  getAsset(name: string): { source: { source(): string | Buffer } } | undefined;
  updateAsset(name: string, source: unknown): void;
  hooks: { processAssets: { tap(options: { name: string; stage: number }, fn: () => void): void } };
}
interface Compiler {
  webpack: {
    sources: { RawSource: new (s: string) => unknown };
    Compilation: { PROCESS_ASSETS_STAGE_SUMMARIZE: number };
  };
  hooks: { thisCompilation: { tap(name: string, fn: (compilation: Compilation) => void): void } };
}

export interface PreloadRoute {
  /** The hash path, as the router names it ('/pages/activity/activityDetail'). */
  path: string;
  /** The pages whose chunks it needs, as the app's routes import them ('./pages/...'). */
  pages: string[];
  /** Pages needed only without a stored session (the entrance a shared link opens first). */
  withoutSession?: string[];
}

/** localStorage key of the stored session (src/stores/session.ts through src/platform/storage.ts). */
const SESSION_KEY = 'sf_session';

function filesOf(compilation: Compilation, page: string, skip: Set<string>): string[] {
  const files: string[] = [];
  for (const group of compilation.chunkGroups) {
    if (group.name !== page && !group.origins?.some((o) => o.request === page)) continue;
    for (const chunk of group.chunks) {
      for (const f of chunk.files) if (/\.(js|css)$/.test(f) && !skip.has(f) && !files.includes(f)) files.push(f);
    }
  }
  return files;
}

/** The inline script: [path, files always, files without a session]. */
export function preloadScript(publicPath: string, table: [string, string[], string[]][]): string {
  return `(function(){try{var T=${JSON.stringify(table)},P=${JSON.stringify(publicPath)},h=location.hash.replace(/^#/,''),i=h.indexOf('?'),p=i<0?h:h.slice(0,i),d=document;
for(var k=0;k<T.length;k++)if(T[k][0]===p){var s=JSON.parse(localStorage.getItem('${SESSION_KEY}')||'null'),f=T[k][1].concat(s&&s.data&&s.data.token?[]:T[k][2]);
f.forEach(function(n){var l=d.createElement('link');l.rel='preload';l.href=P+n;l.as=/\\.css$/.test(n)?'style':'script';if(l.as==='script')l.setAttribute('fetchpriority','low');d.head.appendChild(l)})}}catch(e){}})()`.replace(
    /\n/g,
    '',
  );
}

export class RoutePreloadPlugin {
  constructor(
    private readonly routes: PreloadRoute[],
    private readonly publicPath = '/',
  ) {}

  apply(compiler: Compiler): void {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('RoutePreloadPlugin', (compilation) => {
      // After html-webpack-plugin has written index.html (OPTIMIZE_INLINE).
      compilation.hooks.processAssets.tap(
        { name: 'RoutePreloadPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          const html = compilation.getAsset('index.html');
          if (!html) return;
          const entry = new Set<string>();
          for (const group of compilation.entrypoints.values())
            for (const chunk of group.chunks) for (const f of chunk.files) entry.add(f);
          const table = this.routes
            .map((r): [string, string[], string[]] => {
              const always = r.pages.flatMap((p) => filesOf(compilation, p, entry));
              const extra = (r.withoutSession ?? [])
                .flatMap((p) => filesOf(compilation, p, entry))
                .filter((f) => !always.includes(f));
              return [r.path, [...new Set(always)], [...new Set(extra)]];
            })
            .filter(([, always]) => always.length);
          if (!table.length) return;
          const text = String(html.source.source());
          if (!text.includes('</head>')) return;
          compilation.updateAsset(
            'index.html',
            new RawSource(text.replace('</head>', `<script>${preloadScript(this.publicPath, table)}</script></head>`)),
          );
        },
      );
    });
  }
}
