/**
 * The part of autocannon 9's API scripts/bench.ts uses (the package ships no types and @types/autocannon is not
 * installed).
 */
declare module 'autocannon' {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface RequestSpec {
    setupRequest?: (
      req: unknown,
      context: Record<string, unknown>,
    ) => { method: string; path: string; headers?: Record<string, string>; body?: string };
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  }
  interface Options {
    /** Several: the connections are given to them in turn. */
    url: string | string[];
    connections?: number;
    duration?: number;
    requests?: RequestSpec[];
  }
  namespace autocannon {
    interface Result {
      /** total: requests answered in the run. */
      requests: Histogram & { total: number };
      latency: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
    }
  }
  function autocannon(options: Options): Promise<autocannon.Result> & { stop(): void };
  export = autocannon;
}
