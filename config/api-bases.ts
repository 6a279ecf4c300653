/**
 * §9: the environment selects the dev, test or prod API bases, at build time. §7 puts the user service and the auth
 * service on bases of their own; the reference server answers all three, so dev and test point every service at it.
 * TARO_APP_API_ENV picks the row (default test, as the spec's current build); TARO_APP_API_BASE,
 * TARO_APP_USER_API_BASE and TARO_APP_AUTH_API_BASE still override one service of any row.
 * docs/configuration.md *API bases* shows the table.
 */
export const API_ENVS = ['dev', 'test', 'prod'] as const;
export type ApiEnv = (typeof API_ENVS)[number];

export interface ApiBases {
  /** Orders, coupons, pages and the rest of §7. */
  main: string;
  /** §7 user service: entrance, user auth and cache, upload signature, feedback, the WeChat JS-SDK signature. */
  user: string;
  /** §7 auth service: phone login and its code, the mini-programs' login, text2QrCode. */
  auth: string;
}

/** The reference server (`npm start`): H5 is served by it, so it calls its own origin; a mini-program needs a URL. */
const reference = (target: string): ApiBases => {
  const base = target === 'h5' ? '' : 'http://localhost:3000';
  return { main: base, user: base, auth: base };
};

/**
 * One row per environment. prod has no default: a production build names its services (the variables above), and
 * one that does not stops, rather than shipping a storefront that calls a developer's machine.
 */
export const API_BASE_TABLE: Record<ApiEnv, (target: string) => Partial<ApiBases>> = {
  // A developer's machine: `npm run dev:h5` proxies the API's paths to the server (config/dev.ts).
  dev: reference,
  // The test deployment: the reference server, as this repository builds and tests it.
  test: reference,
  prod: () => ({}),
};

const VARIABLES: Record<keyof ApiBases, string> = {
  main: 'TARO_APP_API_BASE',
  user: 'TARO_APP_USER_API_BASE',
  auth: 'TARO_APP_AUTH_API_BASE',
};

/**
 * The bases a build uses. Each service: its own variable, else TARO_APP_API_BASE (one variable moves every service,
 * as before the table), else the environment's row, else the main base.
 */
export function apiBases(env: Record<string, string | undefined>, target: string): ApiBases & { env: ApiEnv } {
  const name = (env.TARO_APP_API_ENV || 'test') as ApiEnv;
  if (!API_ENVS.includes(name)) throw new Error(`TARO_APP_API_ENV must be one of ${API_ENVS.join(', ')}: ${name}`);
  const row = API_BASE_TABLE[name](target);
  const main = env[VARIABLES.main] ?? row.main;
  if (main === undefined) throw new Error(`TARO_APP_API_ENV=${name} needs ${VARIABLES.main} (the main API base)`);
  const other = (service: 'user' | 'auth') => env[VARIABLES[service]] ?? env[VARIABLES.main] ?? row[service] ?? main;
  return { env: name, main, user: other('user'), auth: other('auth') };
}
