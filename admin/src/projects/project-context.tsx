/**
 * The projects (stores) the operator may see, from /ops/v1/projects, and the one the console works on now.
 * The choice is kept per browser, and falls back to the first project when it is no longer allowed.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { App } from 'antd';
import { messageOf } from '../api/client';
import { listProjects, type Project } from '../api/operators';

const KEY = 'sf-admin:project';

interface ProjectValue {
  projects: Project[];
  loading: boolean;
  /** The project the store pages work on; null while loading or when the operator may see none. */
  current: Project | null;
  choose(projectSn: string): void;
  nameOf(projectSn: string | null | undefined): string;
}

const ProjectContext = createContext<ProjectValue | null>(null);

export function ProjectProvider({ children }: { children: ReactNode }) {
  const { message } = App.useApp();
  const [projects, setProjects] = useState<Project[]>([]);
  const [loading, setLoading] = useState(true);
  const [chosen, setChosen] = useState(() => localStorage.getItem(KEY));

  useEffect(() => {
    let live = true;
    listProjects()
      .then((list) => live && setProjects(list))
      .catch((error: unknown) => live && message.error(`项目列表加载失败：${messageOf(error)}`))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [message]);

  const choose = useCallback((projectSn: string) => {
    localStorage.setItem(KEY, projectSn);
    setChosen(projectSn);
  }, []);

  const value = useMemo<ProjectValue>(() => {
    const current = projects.find((p) => p.projectSn === chosen) ?? projects[0] ?? null;
    const names = new Map(projects.map((p) => [p.projectSn, p.name]));
    return {
      projects,
      loading,
      current,
      choose,
      nameOf: (sn) => (sn ? (names.get(sn) ?? sn) : ''),
    };
  }, [projects, loading, chosen, choose]);
  return <ProjectContext.Provider value={value}>{children}</ProjectContext.Provider>;
}

export function useProjects(): ProjectValue {
  const value = useContext(ProjectContext);
  if (!value) throw new Error('useProjects outside ProjectProvider');
  return value;
}
