/**
 * A list of the chosen project's records, loaded again when the project or the loader changes (a filter): the rows,
 * whether it is loading, and `reload`. An answer that arrives after a newer request started is dropped, so a quick
 * change of filter never shows the older list.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { App } from 'antd';
import { messageOf } from '../api/client';
import { useProjects } from './project-context';

export function useProjectList<T>(load: (projectSn: string) => Promise<T[]>) {
  const { message } = App.useApp();
  const { current, loading: projectsLoading } = useProjects();
  const [rows, setRows] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);
  const projectSn = current?.projectSn;

  const reload = useCallback(async () => {
    const mine = ++seq.current;
    if (!projectSn) return setRows([]);
    setLoading(true);
    try {
      const list = await load(projectSn);
      if (mine === seq.current) setRows(list);
    } catch (e) {
      if (mine === seq.current) message.error(messageOf(e));
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, [projectSn, load, message]);

  useEffect(() => void reload(), [reload]);

  return {
    current,
    projectSn,
    rows,
    loading: loading || projectsLoading,
    reload,
    /** The operator may see no project at all. */
    noProject: !current && !projectsLoading,
  };
}
