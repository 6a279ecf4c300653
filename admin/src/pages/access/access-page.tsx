/**
 * 访问控制 (§2 visitor-access check): the chosen project's blocks, each with what it closes, the reason the
 * storefront's error page shows and its end. Owners and operators (area 'pages') add one or lift one behind a
 * Popconfirm; the storefront sees either on the visitor's next navigation.
 */
import { useRef } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { Alert, App, Badge, Button, Popconfirm, Typography, type TableColumnsType } from 'antd';
import { ACCESS_BLOCK_KIND_TEXT, ACCESS_DEFAULT_REASON } from '@contract/access';
import { formatChinaTime } from '@contract/rules/china-time';
import { mayAccess } from '@contract/rules/operator-roles';
import { liftAccessBlock, listAccessBlocks, type AccessBlock } from '../../api/access';
import { messageOf } from '../../api/client';
import { useProjects } from '../../projects/project-context';
import { useOperator } from '../../session/session-context';
import { ListTable, RowActions, type ListAction } from '../../components/list-table';
import { lazyModalForm } from '../../components/lazy-modal-form';

const BlockForm = lazyModalForm(() => import('./block-form').then((m) => m.BlockForm));

const when = (iso: string | null) => (iso ? formatChinaTime(iso, 'YYYY-MM-DD HH:mm') : '');

export default function AccessPage() {
  const { message } = App.useApp();
  const me = useOperator();
  const { current } = useProjects();
  const actionRef = useRef<ListAction>(undefined);
  const mayWrite = mayAccess(me.role, 'pages', 'write');
  const reload = () => void actionRef.current?.reload();

  const lift = async (b: AccessBlock) => {
    try {
      await liftAccessBlock(b.blockSn);
      message.success('已解除限制，顾客可立即访问');
    } catch (e) {
      message.error(messageOf(e));
    }
    reload();
  };

  const columns: TableColumnsType<AccessBlock> = [
    {
      title: '限制范围',
      key: 'kind',
      width: 240,
      render: (_, b) => (
        <>
          <div>{ACCESS_BLOCK_KIND_TEXT[b.kind]}</div>
          {b.target ? <Typography.Text code>{b.target}</Typography.Text> : null}
        </>
      ),
    },
    {
      title: '原因（错误页显示）',
      key: 'reason',
      render: (_, b) => b.reason || <Typography.Text type="secondary">{ACCESS_DEFAULT_REASON[b.kind]}</Typography.Text>,
    },
    {
      title: '状态',
      key: 'active',
      width: 200,
      render: (_, b) => (
        <>
          <Badge status={b.active ? 'error' : 'default'} text={b.active ? '限制中' : '已到期'} />
          <div>
            <Typography.Text type="secondary">{b.endsAt ? `至 ${when(b.endsAt)}` : '直到手动解除'}</Typography.Text>
          </div>
        </>
      ),
    },
    {
      title: '设置',
      key: 'created',
      width: 150,
      render: (_, b) => (
        <>
          <div>{b.createdBy}</div>
          <Typography.Text type="secondary">{when(b.createdAt)}</Typography.Text>
        </>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_, b) => (
        <RowActions>
          {mayWrite
            ? [
                <Popconfirm
                  key="lift"
                  title="解除这项访问限制？"
                  description="解除后顾客下次打开页面即可正常访问。"
                  okText="解除"
                  cancelText="取消"
                  onConfirm={() => lift(b)}
                >
                  <a className="sf-admin-access-lift">解除</a>
                </Popconfirm>,
              ]
            : []}
        </RowActions>
      ),
    },
  ];

  return (
    <PageContainer title="访问控制" className="sf-admin-access">
      {!current ? (
        <Alert type="info" message="请先在右上角选择项目" />
      ) : (
        <ListTable<AccessBlock>
          rowKey="blockSn"
          actionRef={actionRef}
          columns={columns}
          pagination={{ pageSize: 20 }}
          headerTitle="关闭整个商城（维护）、单个页面或单个顾客的访问，顾客将看到错误页与原因"
          params={[current.projectSn]}
          toolbar={
            mayWrite
              ? [
                  <BlockForm
                    trigger={
                      <Button type="primary" icon={<PlusOutlined />}>
                        新增访问限制
                      </Button>
                    }
                    key="add"
                    projectSn={current.projectSn}
                    onCreated={() => {
                      message.success('访问限制已生效');
                      reload();
                    }}
                  />,
                ]
              : []
          }
          request={async () => {
            try {
              return { data: await listAccessBlocks(current.projectSn), success: true };
            } catch (e) {
              message.error(messageOf(e));
              return { data: [], success: false };
            }
          }}
        />
      )}
    </PageContainer>
  );
}
