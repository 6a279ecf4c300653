/**
 * Collects what a page breaks with while it runs: React reports a render that throws through console.error,
 * a promise nobody awaited shows up as an unhandled rejection, and a throw in a callback as an uncaught
 * exception. In WeChat or Baidu each of these is a blank or stuck page.
 */
import { format } from 'node:util';

export interface ErrorWatch {
  readonly errors: string[];
  stop(): void;
}

function describe(value: unknown): string {
  if (value instanceof Error) return value.stack || String(value);
  if (value && typeof value === 'object') {
    try {
      return JSON.stringify(value);
    } catch {
      return String(value);
    }
  }
  return String(value);
}

export function watchErrors(): ErrorWatch {
  const errors: string[] = [];
  const consoleError = console.error;
  console.error = (...args: unknown[]) => {
    errors.push(
      `console.error: ${args.map((a) => (a instanceof Error ? describe(a) : format('%s', typeof a === 'object' ? describe(a) : a))).join(' ')}`,
    );
  };
  const onRejection = (reason: unknown) => errors.push(`unhandled rejection: ${describe(reason)}`);
  const onException = (err: unknown) => errors.push(`uncaught exception: ${describe(err)}`);
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return {
    errors,
    stop() {
      console.error = consoleError;
      process.off('unhandledRejection', onRejection);
      process.off('uncaughtException', onException);
    },
  };
}
