/**
 * The operator console's build (DESIGN.md §1 item 3): its own bundle, served by the API server at /admin
 * (server/src/runtime/admin-static.ts). Pages are split by route (React.lazy), so the login screen does not
 * carry the layout and tables. A .gz and a .br are written beside each text asset (the same step as the H5's,
 * config/precompress.ts) for the server to send without compressing per request; the manifest lets
 * scripts/admin-budget.mjs sum what a first load fetches.
 */
import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompressDir } from '../config/precompress';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
// ADMIN_DIST: another folder, so parallel builds (an engineer's, CI's) do not overwrite each other.
const outDir = process.env.ADMIN_DIST ? resolve(process.env.ADMIN_DIST) : here('./dist');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );
}

function precompress(): Plugin {
  return {
    name: 'admin-precompress',
    apply: 'build',
    closeBundle() {
      // Not the manifest under .vite/: the budget script reads it and the server does not serve it.
      const files = filesUnder(outDir).map((f) => relative(outDir, f));
      precompressDir(
        outDir,
        files.filter((f) => !f.startsWith('.vite')),
      );
    },
  };
}

export default defineConfig({
  root: here('.'),
  base: '/admin/',
  plugins: [react(), precompress()],
  resolve: { alias: { '@contract': here('../contract') } },
  build: {
    outDir,
    emptyOutDir: true,
    manifest: true,
    // Desktop browsers of the last few years; the console is not for the storefront's older phones.
    target: 'es2020',
    // antd and the pro components are one large vendor chunk by nature; the budget script is the real bound.
    chunkSizeWarningLimit: 1500,
  },
});
