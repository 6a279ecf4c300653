// Types of pglite-protocol.mjs (plain JavaScript: the database thread runs without the TypeScript loader).
export declare const OP: Readonly<{ query: 1; exec: 2; begin: 3; rollback: 4; end: 5; close: 6 }>;
export declare const TEXT_TYPES: readonly number[];
