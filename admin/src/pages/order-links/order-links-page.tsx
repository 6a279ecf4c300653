/**
 * 下单链接: the chosen project's single-use order links, newest first, with their state (未使用 / 已下单 / 已过期 /
 * 已作废) and the order each made; 生成下单链接 (owner and operator) shows the new link's QR code and URL once;
 * 作废 behind a Popconfirm stops an unused link.
 */
import { useRef, useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { Alert, App, Badge, Button, Popconfirm, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { ORDER_LINK_STATE_TEXT, type OrderLinkState } from '@contract/order-link';
import { formatChinaTime } from '@contract/rules/china-time';
import { formatMoney } from '@contract/rules/money';
import { mayAccess } from '@contract/rules/operator-roles';
import { messageOf } from '../../api/client';
import {
  listOrderLinks,
  orderLinkItems,
  voidOrderLink,
  type OrderLink,
  type OrderLinkIssued,
  type OrderLinkItem,
} from '../../api/order-links';
import { useProjects } from '../../projects/project-context';
import { useOperator } from '../../session/session-context';
import { LinkIssued } from './link-issued';
import { ListTable, RowActions, type ListAction } from '../../components/list-table';
import { lazyModalForm } from '../../components/lazy-modal-form';

const IssueForm = lazyModalForm(() => import('./issue-form').then((m) => m.IssueForm));

const BADGE: Record<OrderLinkState, 'processing' | 'success' | 'default' | 'error'> = {
  UNUSED: 'processing',
  ORDERED: 'success',
  EXPIRED: 'default',
  VOIDED: 'error',
};

const when = (iso: string | null) => (iso ? formatChinaTime(iso, 'YYYY-MM-DD HH:mm') : '');

export default function OrderLinksPage() {
  const { message } = App.useApp();
  const me = useOperator();
  const { current } = useProjects();
  const actionRef = useRef<ListAction>(undefined);
  const [items, setItems] = useState<OrderLinkItem[]>([]);
  const [issued, setIssued] = useState<OrderLinkIssued | null>(null);
  const mayWrite = mayAccess(me.role, 'orders', 'write');
  const reload = () => void actionRef.current?.reload();

  const voidLink = async (l: OrderLink) => {
    try {
      await voidOrderLink(l.linkSn);
      message.success('下单链接已作废');
      reload();
    } catch (e) {
      message.error(messageOf(e));
      reload();
    }
  };

  const columns: TableColumnsType<OrderLink> = [
    {
      title: '课程',
      key: 'item',
      width: 220,
      render: (_, l) => (
        <>
          <div>{l.actName}</div>
          {l.packageName ? <Typography.Text type="secondary">{l.packageName}</Typography.Text> : null}
        </>
      ),
    },
    { title: '应付', key: 'amount', width: 90, render: (_, l) => formatMoney(l.amount) },
    {
      title: '客户',
      key: 'phone',
      width: 140,
      render: (_, l) => (
        <>
          <div>{l.phone}</div>
          {l.note ? <Typography.Text type="secondary">{l.note}</Typography.Text> : null}
        </>
      ),
    },
    { title: '失效时间（北京时间）', key: 'expiresAt', width: 160, render: (_, l) => when(l.expiresAt) },
    {
      title: '状态',
      key: 'state',
      width: 240,
      render: (_, l) => (
        <>
          <Badge status={BADGE[l.state]} text={ORDER_LINK_STATE_TEXT[l.state]} className="sf-admin-link-state" />
          {l.orderNo ? (
            <div>
              <Link to={`/orders/${encodeURIComponent(l.orderNo)}`}>{l.orderNo}</Link>
            </div>
          ) : null}
          {l.voidedAt ? (
            <Typography.Text type="secondary">
              {l.voidedBy} {when(l.voidedAt)}
            </Typography.Text>
          ) : null}
        </>
      ),
    },
    {
      title: '生成',
      key: 'created',
      width: 150,
      render: (_, l) => (
        <>
          <div>{l.createdBy}</div>
          <Typography.Text type="secondary">{when(l.createdAt)}</Typography.Text>
        </>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      render: (_, l) => (
        <RowActions>
          {mayWrite && (l.state === 'UNUSED' || l.state === 'EXPIRED')
            ? [
                <Popconfirm
                  key="void"
                  title="作废这个下单链接？"
                  description="作废后客户打开链接会提示链接异常，不能恢复。"
                  okText="作废"
                  cancelText="取消"
                  onConfirm={() => voidLink(l)}
                >
                  <a>作废</a>
                </Popconfirm>,
              ]
            : []}
        </RowActions>
      ),
    },
  ];

  return (
    <PageContainer title="下单链接" className="sf-admin-order-links">
      {!current ? (
        <Alert type="info" message="请先在右上角选择项目" />
      ) : (
        <ListTable<OrderLink>
          rowKey="linkSn"
          actionRef={actionRef}
          columns={columns}
          scroll={{ x: 1120 }}
          pagination={{ pageSize: 20 }}
          headerTitle="一次性下单链接：指定客户、课程与价格，不可用优惠券"
          params={[current.projectSn]}
          toolbar={
            mayWrite
              ? [
                  <IssueForm
                    trigger={
                      <Button type="primary" icon={<PlusOutlined />}>
                        生成下单链接
                      </Button>
                    }
                    key="issue"
                    projectSn={current.projectSn}
                    items={items}
                    onIssued={(i) => {
                      setIssued(i);
                      reload();
                    }}
                  />,
                ]
              : []
          }
          request={async () => {
            try {
              const [list, courses] = await Promise.all([
                listOrderLinks(current.projectSn),
                orderLinkItems(current.projectSn),
              ]);
              setItems(courses);
              return { data: list, success: true };
            } catch (e) {
              message.error(messageOf(e));
              return { data: [], success: false };
            }
          }}
        />
      )}
      {issued && <LinkIssued issued={issued} onClose={() => setIssued(null)} />}
    </PageContainer>
  );
}
