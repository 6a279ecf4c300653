// Types of admin-build.mjs (plain JavaScript so that scripts/start.mjs can import it without the TypeScript loader).
export declare function adminIsStale(): boolean;
export declare function buildAdminIfStale(options?: { stdio?: 'inherit' | 'pipe' | 'ignore' }): boolean;
