/**
 * What each H5 chunk is made of (the first screen's JS budget), written only when CHUNK_REPORT names a
 * file: `CHUNK_REPORT=/tmp/report.json TARO_OUTPUT_ROOT=/tmp/x npx taro build --type h5`. For every emitted JS
 * file: the chunk groups that load it (the entry "app", or a page such as "pages/index/index") and its modules'
 * sizes before minification, summed per npm package or per source folder. Read it to see why a chunk is large
 * and which pages pull it (no analyser package is installed; webpack's own chunk graph is enough).
 */
import { writeFileSync } from 'node:fs';

interface Module {
  size(): number;
  nameForCondition?(): string | null;
  identifier(): string;
  modules?: Module[];
}
interface Chunk {
  files: Set<string>;
  groupsIterable: Iterable<{ name?: string | null; origins?: { request?: string }[] }>;
}
interface Compilation {
  chunks: Set<Chunk>;
  chunkGraph: { getChunkModules(chunk: Chunk): Module[] };
}
interface Compiler {
  hooks: { afterEmit: { tap(name: string, fn: (compilation: Compilation) => void): void } };
}

/** node_modules/<pkg> (scoped packages keep their scope) or the source folder two levels deep. */
export function ownerOf(path: string): string {
  const nm = path.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = path.slice(nm + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const src = path.match(/\/(src|contract)\/(.*)$/);
  if (!src) return path;
  const parts = src[2].split('/');
  return [src[1], ...parts.slice(0, Math.min(2, parts.length - 1))].join('/');
}

function leaves(m: Module): Module[] {
  // Concatenated modules (scope hoisting) carry their parts in `modules`.
  return m.modules && m.modules.length ? m.modules.flatMap(leaves) : [m];
}

export class ChunkReportPlugin {
  constructor(private readonly file: string) {}

  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tap('ChunkReportPlugin', (compilation) => {
      const report = [...compilation.chunks]
        .map((chunk) => {
          const owners = new Map<string, number>();
          const biggest: [string, number][] = [];
          for (const m of compilation.chunkGraph.getChunkModules(chunk)) {
            for (const leaf of leaves(m)) {
              const path = leaf.nameForCondition?.() ?? leaf.identifier();
              const name = ownerOf(path);
              owners.set(name, (owners.get(name) ?? 0) + leaf.size());
              biggest.push([path.replace(/^.*node_modules\//, '~/'), leaf.size()]);
            }
          }
          return {
            files: [...chunk.files].filter((f) => f.endsWith('.js') || f.endsWith('.css')),
            groups: [...chunk.groupsIterable].map((g) => g.name ?? g.origins?.map((o) => o.request).join(',') ?? '?'),
            size: [...owners.values()].reduce((a, b) => a + b, 0),
            owners: Object.fromEntries([...owners].sort((a, b) => b[1] - a[1])),
            modules: Object.fromEntries(biggest.sort((a, b) => b[1] - a[1]).slice(0, 40)),
          };
        })
        .sort((a, b) => b.size - a.size);
      writeFileSync(this.file, JSON.stringify(report, null, 1));
    });
  }
}
