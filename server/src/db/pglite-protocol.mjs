// What the main thread (pglite-client.ts) and the database thread (pglite-worker.mjs) say to each other. Plain
// JavaScript because the worker runs without the TypeScript loader.
//
// main -> worker: [id, op, txId, text, params, rowMode]   (txId 0: outside any transaction; end: params = commit)
// worker -> main: [id, 0, result] or [id, 1, { name, message, stack, fields }]   (id 0: the database is open)

/** Message kinds (small integers: the message is a structured clone, kept small). */
export const OP = Object.freeze({ query: 1, exec: 2, begin: 3, rollback: 4, end: 5, close: 6 });

/**
 * The types drizzle's PGlite driver reads as text (it hands these parsers with every query:
 * drizzle-orm/pglite/session.js): timestamp, timestamptz, interval, date, and numeric[], timestamp[],
 * timestamptz[], interval[], date[].
 */
export const TEXT_TYPES = Object.freeze([1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182]);
