/**
 * Who is logged in. Holds the session, binds its token to the API wrapper, and ends it on logout, when the
 * server refuses it, or when `expiresAt` passes while the console is open; an ended session leaves a notice
 * that the login page shows ('登录已过期，请重新登录'). The server moves a session's end with each use, so when
 * the stored end comes (and when the console opens) the console asks the server (/auth/me) before leaving; the
 * answer also brings a role or projects an owner changed meanwhile.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Operator, OpsSession } from '@contract/operators';
import { bindSession, SESSION_EXPIRED_MESSAGE } from '../api/client';
import { currentSession } from '../api/operators';
import { isLive, readSession, writeSession } from './session-storage';

interface SessionValue {
  session: OpsSession | null;
  operator: Operator | null;
  /** Why the last session ended, for the login page; null after a plain logout. */
  notice: string | null;
  signIn(session: OpsSession): void;
  signOut(notice?: string | null): void;
  setOperator(operator: Operator): void;
}

const SessionContext = createContext<SessionValue | null>(null);

/** setTimeout's longest wait (about 24.8 days); a later expiry is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

function initialState(): { session: OpsSession | null; notice: string | null } {
  const stored = readSession();
  if (!stored) return { session: null, notice: null };
  if (isLive(stored)) return { session: stored, notice: null };
  writeSession(null);
  return { session: null, notice: SESSION_EXPIRED_MESSAGE };
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState(initialState);
  const tokenRef = useRef<string | null>(state.session?.token ?? null);

  const signOut = useCallback((notice: string | null = null) => {
    tokenRef.current = null;
    writeSession(null);
    setState((prev) => (prev.session || prev.notice !== notice ? { session: null, notice } : prev));
  }, []);

  const signIn = useCallback((session: OpsSession) => {
    tokenRef.current = session.token;
    writeSession(session);
    setState({ session, notice: null });
  }, []);

  const setOperator = useCallback((operator: Operator) => {
    setState((prev) => {
      if (!prev.session) return prev;
      const session = { ...prev.session, operator };
      writeSession(session);
      return { ...prev, session };
    });
  }, []);

  // Bound during the first render, not in an effect: the pages' own effects (their first requests) run before
  // this provider's effects would.
  useState(() =>
    bindSession({
      token: () => tokenRef.current,
      // Only a session that is still held ends with the notice: a late answer after logout changes nothing.
      expired: () => {
        if (tokenRef.current) signOut(SESSION_EXPIRED_MESSAGE);
      },
    }),
  );

  const refresh = useCallback(async () => {
    const held = tokenRef.current;
    try {
      const fresh = await currentSession();
      if (tokenRef.current !== held) return;
      writeSession(fresh);
      setState({ session: fresh, notice: null });
    } catch {
      // A refused session has already ended through the wrapper; an unreachable server ends it only once its time
      // has passed.
      const stored = readSession();
      if (tokenRef.current === held && stored && !isLive(stored)) signOut(SESSION_EXPIRED_MESSAGE);
    }
  }, [signOut]);

  const token = state.session?.token;
  useEffect(() => {
    if (token) void refresh();
  }, [token, refresh]);

  const expiresAt = state.session?.expiresAt;
  useEffect(() => {
    if (!expiresAt) return undefined;
    // At least a minute apart, so a browser clock ahead of the server cannot make it ask without pause.
    const wait = Math.max(60_000, Math.min(Date.parse(expiresAt) - Date.now(), MAX_TIMER_MS));
    const timer = setTimeout(() => void refresh(), wait);
    return () => clearTimeout(timer);
  }, [expiresAt, refresh]);

  const value = useMemo<SessionValue>(
    () => ({
      session: state.session,
      operator: state.session?.operator ?? null,
      notice: state.notice,
      signIn,
      signOut,
      setOperator,
    }),
    [state, signIn, signOut, setOperator],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

/** The logged-in operator, for pages under the shell (which only renders with a session). */
export function useOperator(): Operator {
  const { operator } = useSession();
  if (!operator) throw new Error('useOperator without a session');
  return operator;
}
