/** 领券活动: the chosen project's scan-code claim activities, stock and claimed per coupon; create, edit, end, QR. */
import { useRef, useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { Alert, App, Badge, Button, Popconfirm, type TableColumnsType } from 'antd';
import { formatChinaTime } from '@contract/rules/china-time';
import { messageOf } from '../../api/client';
import { endClaim, listClaims, listTemplates, type ClaimActivity, type CouponTemplate } from '../../api/marketing';
import { useProjects } from '../../projects/project-context';
import { ClaimQr } from './claim-qr';
import { ListTable, RowActions, type ListAction } from '../../components/list-table';
import { lazyModalForm } from '../../components/lazy-modal-form';

const ClaimForm = lazyModalForm(() => import('./claim-form').then((m) => m.ClaimForm));

function statusOf(c: ClaimActivity, now = Date.now()) {
  if (c.status !== 'ONLINE' || (c.endAt && new Date(c.endAt).getTime() <= now))
    return <Badge status="default" text="已结束" />;
  if (c.startAt && new Date(c.startAt).getTime() > now) return <Badge status="warning" text="未开始" />;
  return <Badge status="success" text="进行中" />;
}

const when = (iso: string | null, none: string) => (iso ? formatChinaTime(iso, 'YYYY-MM-DD HH:mm') : none);

export default function ClaimsPage() {
  const { message } = App.useApp();
  const { current } = useProjects();
  const actionRef = useRef<ListAction>(undefined);
  const [templates, setTemplates] = useState<CouponTemplate[]>([]);
  const [qrOf, setQrOf] = useState<ClaimActivity | null>(null);
  const reload = () => void actionRef.current?.reload();

  const end = async (c: ClaimActivity) => {
    try {
      await endClaim(c.actSn);
      message.success(`领券活动「${c.title}」已结束`);
      reload();
    } catch (e) {
      message.error(messageOf(e));
    }
  };

  const columns: TableColumnsType<ClaimActivity> = [
    { title: '活动', dataIndex: 'title' },
    {
      title: '时间（北京时间）',
      key: 'time',
      render: (_, c) => `${when(c.startAt, '立即开始')} 至 ${when(c.endAt, '不结束')}`,
    },
    {
      title: '优惠券（已领/库存，每人限领）',
      key: 'items',
      render: (_, c) =>
        c.items.map((i) => (
          <div key={i.itemId}>
            {i.couponName}：{i.claimed}/{i.stock}，{i.perPerson}张/人
          </div>
        )),
    },
    { title: '状态', key: 'status', width: 90, render: (_, c) => statusOf(c) },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      render: (_, c) => (
        <RowActions>
          {[
            <a key="qr" onClick={() => setQrOf(c)}>
              二维码
            </a>,
            ...(c.status === 'ONLINE' && current
              ? [
                  <ClaimForm
                    key="edit"
                    trigger={<a>编辑</a>}
                    projectSn={current.projectSn}
                    claim={c}
                    templates={templates}
                    onSaved={reload}
                  />,
                  <Popconfirm
                    key="end"
                    title={`结束领券活动「${c.title}」？`}
                    description="结束后扫码只能看到“活动已结束”，已领取的优惠券仍可使用；结束后不能恢复。"
                    okText="结束活动"
                    cancelText="取消"
                    onConfirm={() => end(c)}
                  >
                    <a>结束</a>
                  </Popconfirm>,
                ]
              : []),
          ]}
        </RowActions>
      ),
    },
  ];

  return (
    <PageContainer title="领券活动" className="sf-admin-claims">
      {!current ? (
        <Alert type="info" message="请先在右上角选择项目" />
      ) : (
        <ListTable<ClaimActivity>
          rowKey="actSn"
          actionRef={actionRef}
          columns={columns}
          pagination={false}
          headerTitle="扫码领券活动"
          params={[current.projectSn]}
          toolbar={[
            <ClaimForm
              key="create"
              trigger={
                <Button type="primary" icon={<PlusOutlined />}>
                  新建领券活动
                </Button>
              }
              projectSn={current.projectSn}
              templates={templates}
              onSaved={reload}
            />,
          ]}
          request={async () => {
            try {
              const [list, coupons] = await Promise.all([
                listClaims(current.projectSn),
                listTemplates(current.projectSn),
              ]);
              setTemplates(coupons);
              return { data: list, success: true };
            } catch (e) {
              message.error(messageOf(e));
              return { data: [], success: false };
            }
          }}
        />
      )}
      {qrOf && <ClaimQr claim={qrOf} onClose={() => setQrOf(null)} />}
    </PageContainer>
  );
}
