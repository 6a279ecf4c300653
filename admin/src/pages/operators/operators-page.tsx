/** 账号管理 (owner): every operator account, and creating, editing, disabling and resetting one. */
import { useRef } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { App, Badge, Button, Popconfirm, Space, Tag, type TableColumnsType } from 'antd';
import { OPERATOR_ROLE_NAMES, type Operator } from '@contract/operators';
import { formatChinaTime } from '@contract/rules/china-time';
import { messageOf } from '../../api/client';
import { listOperators, updateOperator } from '../../api/operators';
import { useProjects } from '../../projects/project-context';
import { useOperator } from '../../session/session-context';
import { ListTable, RowActions, type ListAction } from '../../components/list-table';
import { lazyModalForm } from '../../components/lazy-modal-form';

const OperatorCreateForm = lazyModalForm(() => import('./operator-create-form').then((m) => m.OperatorCreateForm));
const OperatorEditForm = lazyModalForm(() => import('./operator-edit-form').then((m) => m.OperatorEditForm));
const OperatorPasswordForm = lazyModalForm(() =>
  import('./operator-password-form').then((m) => m.OperatorPasswordForm),
);

export default function OperatorsPage() {
  const { message } = App.useApp();
  const me = useOperator();
  const { nameOf } = useProjects();
  const actionRef = useRef<ListAction>(undefined);
  const reload = () => void actionRef.current?.reload();

  const setDisabled = async (operator: Operator, disabled: boolean) => {
    try {
      await updateOperator(operator.id, { disabled });
      message.success(`账号 ${operator.username} 已${disabled ? '停用' : '启用'}`);
      reload();
    } catch (e) {
      message.error(messageOf(e));
    }
  };

  const columns: TableColumnsType<Operator> = [
    { title: '用户名', dataIndex: 'username' },
    { title: '姓名', dataIndex: 'displayName' },
    { title: '角色', dataIndex: 'role', render: (_, op) => OPERATOR_ROLE_NAMES[op.role] },
    {
      title: '可管理项目',
      dataIndex: 'projectSns',
      render: (_, op) =>
        op.role === 'owner' ? (
          <Tag color="gold">全部项目</Tag>
        ) : (
          <Space size={[0, 4]} wrap>
            {op.projectSns.map((sn) => (
              <Tag key={sn}>{nameOf(sn)}</Tag>
            ))}
          </Space>
        ),
    },
    {
      title: '状态',
      dataIndex: 'disabled',
      render: (_, op) =>
        op.disabled ? <Badge status="default" text="已停用" /> : <Badge status="success" text="正常" />,
    },
    { title: '最近登录', dataIndex: 'lastLoginAt', render: (_, op) => formatChinaTime(op.lastLoginAt) || '从未登录' },
    { title: '创建时间', dataIndex: 'createdAt', render: (_, op) => formatChinaTime(op.createdAt) },
    {
      title: '操作',
      key: 'actions',
      render: (_, op) => {
        if (op.id === me.id) return <span style={{ color: '#999' }}>当前账号</span>;
        return (
          <RowActions>
            <OperatorEditForm trigger={<a>编辑</a>} operator={op} onSaved={reload} />
            <OperatorPasswordForm trigger={<a>重置密码</a>} operator={op} />
            <Popconfirm
              key="disable"
              title={op.disabled ? `启用账号 ${op.username}？` : `停用账号 ${op.username}？`}
              description={op.disabled ? '启用后可以重新登录' : '停用后该账号立即退出，且不能再登录'}
              okText={op.disabled ? '启用' : '停用'}
              cancelText="取消"
              onConfirm={() => setDisabled(op, !op.disabled)}
            >
              <a>{op.disabled ? '启用' : '停用'}</a>
            </Popconfirm>
          </RowActions>
        );
      },
    },
  ];

  return (
    <PageContainer title="账号管理">
      <ListTable<Operator>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        pagination={false}
        headerTitle="运营账号"
        toolbar={[
          <OperatorCreateForm
            key="create"
            trigger={
              <Button type="primary" icon={<PlusOutlined />}>
                新建账号
              </Button>
            }
            onCreated={reload}
          />,
        ]}
        request={async () => {
          try {
            return { data: await listOperators(), success: true };
          } catch (e) {
            message.error(messageOf(e));
            return { data: [], success: false };
          }
        }}
      />
    </PageContainer>
  );
}
