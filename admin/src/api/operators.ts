/** Login, session, operator accounts, the audit log and the projects an operator may see (/ops/v1). */
import type {
  AuditEntry,
  Operator,
  OperatorCreateBody,
  OperatorUpdateBody,
  OpsProjectList,
  OpsSession,
} from '@contract/operators';
import { call } from './client';

export type Project = OpsProjectList['list'][number];

export const login = (username: string, password: string) =>
  call<OpsSession>('POST', '/ops/v1/auth/login', { body: { username, password }, anonymous: true });

export const logout = () => call<unknown>('POST', '/ops/v1/auth/logout');

/** The session as the server sees it now: its operator (role, projects) and its end, which moves with use. */
export const currentSession = () => call<OpsSession>('GET', '/ops/v1/auth/me');

export const changePassword = (oldPassword: string, newPassword: string) =>
  call<unknown>('POST', '/ops/v1/auth/password', { body: { oldPassword, newPassword } });

export const listOperators = async () => (await call<{ list: Operator[] }>('GET', '/ops/v1/operators')).list;

export const createOperator = (body: OperatorCreateBody) => call<Operator>('POST', '/ops/v1/operators', { body });

export const updateOperator = (id: number, body: OperatorUpdateBody) =>
  call<Operator>('PATCH', `/ops/v1/operators/${id}`, { body });

export interface AuditFilter {
  page: number;
  size: number;
  operatorId?: number;
  projectSn?: string;
  action?: string;
}

export const listAudit = (filter: AuditFilter) =>
  call<{ list: AuditEntry[]; total: number }>('GET', '/ops/v1/audit', { query: { ...filter } });

/** The projects this operator may see (an owner: every project). */
export const listProjects = async () => (await call<OpsProjectList>('GET', '/ops/v1/projects')).list;
