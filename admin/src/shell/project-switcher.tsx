/** The project switcher in the header: the store pages show the chosen project's data. */
import { Select } from 'antd';
import { useProjects } from '../projects/project-context';

export function ProjectSwitcher() {
  const { projects, current, loading, choose } = useProjects();
  return (
    <Select
      className="sf-admin-project-switcher"
      id="project"
      aria-label="当前项目"
      style={{ width: 200 }}
      loading={loading}
      value={current?.projectSn}
      placeholder={loading ? '加载项目…' : '没有可管理的项目'}
      options={projects.map((p) => ({ value: p.projectSn, label: `${p.name}（${p.projectSn}）` }))}
      onChange={choose}
      showSearch
      optionFilterProp="label"
    />
  );
}
