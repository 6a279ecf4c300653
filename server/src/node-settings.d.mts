// Types of node-settings.mjs (plain JavaScript so that scripts/start.mjs can import it without the TypeScript loader).
export declare const SERVER_NODE_FLAGS: readonly string[];
export declare const SERVER_ENV: Readonly<Record<string, string>>;
export declare function serverNodeArgs(extraFlags?: readonly string[]): string[];
export declare function serverEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export declare function hasServerSettings(execArgv?: readonly string[], env?: NodeJS.ProcessEnv): boolean;
export declare function relaunchWithServerSettings(): boolean;
export declare function leaveWithLauncher(stop: () => void): void;
export declare function exitCodeOfSignal(signal: NodeJS.Signals): number;
export declare function spawnPassingSignals(
  args: readonly string[],
  options?: { env?: NodeJS.ProcessEnv; signals?: readonly NodeJS.Signals[] },
): Promise<{ code: number | null; signal: NodeJS.Signals | null; passedOn: NodeJS.Signals | null }>;
