/** 商品管理: the chosen project's activities and courses, their price, state and stock; publish, unpublish, delete. */
import { useRef } from 'react';
import { PageContainer } from '@ant-design/pro-components';
import { Alert, App, Badge, Button, Popconfirm, type TableColumnsType } from 'antd';
import { Link, useNavigate } from 'react-router';
import { CATALOGUE_STATE_TEXT, CATALOGUE_TYPE_TEXT } from '@contract/ops-catalogue';
import { formatMoney } from '@contract/rules/money';
import { mayAccess } from '@contract/rules/operator-roles';
import { messageOf } from '../../api/client';
import { deleteItem, listItems, publishItem, unpublishItem, type CatalogueListRow } from '../../api/catalogue';
import { useProjects } from '../../projects/project-context';
import { useOperator } from '../../session/session-context';
import { ListTable, RowActions, type ListAction } from '../../components/list-table';
import { stockCellText } from './stock-text';

const STATE_BADGE = { ONLINE: 'success', OFFLINE: 'default', ARCHIVED: 'warning' } as const;

export default function CataloguePage() {
  const { message, modal } = App.useApp();
  const { current } = useProjects();
  const operator = useOperator();
  const mayWrite = mayAccess(operator.role, 'catalogue', 'write');
  const navigate = useNavigate();
  const actionRef = useRef<ListAction>(undefined);
  const reload = () => void actionRef.current?.reload();

  const act = async (what: string, run: () => Promise<unknown>) => {
    try {
      await run();
      message.success(what);
      reload();
    } catch (e) {
      modal.error({ title: '操作未完成', content: messageOf(e) });
    }
  };

  const columns: TableColumnsType<CatalogueListRow> = [
    {
      title: '名称',
      dataIndex: 'actName',
      render: (_, r) => <Link to={`/catalogue/${encodeURIComponent(r.actSn)}`}>{r.actName}</Link>,
    },
    {
      title: '类型',
      dataIndex: 'actType',
      width: 90,
      render: (_, r) => CATALOGUE_TYPE_TEXT[r.actType as keyof typeof CATALOGUE_TYPE_TEXT] ?? r.actType,
    },
    { title: '售价', dataIndex: 'price', width: 110, render: (_, r) => formatMoney(r.price) },
    {
      title: '状态',
      dataIndex: 'state',
      width: 100,
      render: (_, r) => <Badge status={STATE_BADGE[r.state]} text={CATALOGUE_STATE_TEXT[r.state]} />,
    },
    {
      title: '库存 / 已售',
      key: 'stock',
      width: 190,
      render: (_, r) => stockCellText(r.stock, r.sold),
    },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      render: (_, r) =>
        !mayWrite || r.state === 'ARCHIVED' ? null : (
          <RowActions>
            {[
              r.state === 'ONLINE' ? (
                <Popconfirm
                  key="off"
                  title={`下架「${r.actName}」？`}
                  description="下架后顾客看不到该商品，已下的订单不受影响。"
                  okText="下架"
                  cancelText="取消"
                  onConfirm={() => act('已下架', () => unpublishItem(r.actSn))}
                >
                  <a>下架</a>
                </Popconfirm>
              ) : (
                <a key="on" onClick={() => void act('已上架', () => publishItem(r.actSn))}>
                  上架
                </a>
              ),
              <Popconfirm
                key="delete"
                title={`删除「${r.actName}」？`}
                description="已有订单的商品不会删除，而是归档保留。"
                okText="删除"
                cancelText="取消"
                onConfirm={() =>
                  act('已处理', async () => {
                    const { outcome } = await deleteItem(r.actSn);
                    if (outcome === 'ARCHIVED') message.info('已有订单引用该商品，已归档而未删除');
                  })
                }
              >
                <a>删除</a>
              </Popconfirm>,
            ]}
          </RowActions>
        ),
    },
  ];

  return (
    <PageContainer title="商品管理" className="sf-admin-catalogue">
      {!current ? (
        <Alert type="info" message="请先在右上角选择项目" />
      ) : (
        <ListTable<CatalogueListRow>
          rowKey="actSn"
          actionRef={actionRef}
          columns={columns}
          pagination={{ pageSize: 20 }}
          headerTitle="活动与课程"
          params={[current.projectSn]}
          toolbar={
            mayWrite
              ? [
                  <Button key="new" type="primary" onClick={() => void navigate('/catalogue/new')}>
                    新建商品
                  </Button>,
                ]
              : []
          }
          request={async () => {
            try {
              return { data: await listItems({ projectSn: current.projectSn }), success: true };
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
