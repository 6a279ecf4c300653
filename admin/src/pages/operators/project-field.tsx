/** 可管理项目: chosen from the projects the owner sees; an owner's account needs none (it sees them all). */
import { ProFormDependency, ProFormSelect } from '@ant-design/pro-components';
import { Alert } from 'antd';
import { useProjects } from '../../projects/project-context';
import { PROJECTS_RULE } from './role-options';

export function ProjectField() {
  const { projects } = useProjects();
  return (
    <ProFormDependency name={['role']}>
      {({ role }) =>
        role === 'owner' ? (
          <Alert type="info" showIcon message="店主可管理全部项目" style={{ marginBottom: 24 }} />
        ) : (
          <ProFormSelect
            name="projectSns"
            label="可管理项目"
            required
            mode="multiple"
            placeholder="选择该账号可管理的项目"
            options={projects.map((p) => ({ value: p.projectSn, label: `${p.name}（${p.projectSn}）` }))}
            rules={[PROJECTS_RULE]}
          />
        )
      }
    </ProFormDependency>
  );
}
