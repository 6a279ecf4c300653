/** 优惠券: the chosen project's coupon templates, how many were given out and used; create, edit and end one. */
import { useRef } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { Alert, App, Badge, Button, Popconfirm, type TableColumnsType } from 'antd';
import { TEMPLATE_STATUS } from '@contract/coupon-ops';
import { VALIDITY_TYPES } from '@contract/rules/coupon-validity';
import { formatChinaTime } from '@contract/rules/china-time';
import { formatMoney } from '@contract/rules/money';
import { messageOf } from '../../api/client';
import { endTemplate, listTemplates, type CouponTemplate } from '../../api/marketing';
import { useProjects } from '../../projects/project-context';
import { VALIDITY_OPTIONS } from './form-values';
import { ListTable, RowActions, type ListAction } from '../../components/list-table';
import { lazyModalForm } from '../../components/lazy-modal-form';

const CouponForm = lazyModalForm(() => import('./coupon-form').then((m) => m.CouponForm));

/** 满100减10 / 打8折（最高减20元） / 无门槛减5元. */
export function couponTerms(t: Pick<CouponTemplate, 'couponType' | 'couponAmount' | 'threshold' | 'upperLimit'>) {
  const off =
    t.couponType === 2
      ? `打${(100 - t.couponAmount) / 10}折${t.upperLimit ? `（最高减${formatMoney(t.upperLimit)}）` : ''}`
      : `减${formatMoney(t.couponAmount)}`;
  return t.threshold ? `满${formatMoney(t.threshold)}${off}` : `无门槛${off}`;
}

function validityOf(t: CouponTemplate) {
  const name = VALIDITY_OPTIONS.find((o) => o.value === t.validityType)?.label ?? '';
  const days = t.validityDays ? name.replace('N', String(t.validityDays)) : name;
  if (t.validityType === VALIDITY_TYPES.FIXED_RANGE)
    return `${formatChinaTime(t.validStart, 'YYYY-MM-DD HH:mm')} 至 ${formatChinaTime(t.validEnd, 'YYYY-MM-DD HH:mm')}`;
  return t.validEnd ? `${days}（截止 ${formatChinaTime(t.validEnd, 'YYYY-MM-DD HH:mm')}）` : days;
}

export default function CouponsPage() {
  const { message } = App.useApp();
  const { current } = useProjects();
  const actionRef = useRef<ListAction>(undefined);
  const reload = () => void actionRef.current?.reload();

  const end = async (t: CouponTemplate) => {
    try {
      await endTemplate(t.couponSn);
      message.success(`优惠券「${t.couponName}」已结束发放`);
      reload();
    } catch (e) {
      message.error(messageOf(e));
    }
  };

  const columns: TableColumnsType<CouponTemplate> = [
    { title: '优惠券', dataIndex: 'couponName' },
    { title: '优惠内容', key: 'terms', render: (_, t) => couponTerms(t) },
    { title: '有效期', key: 'validity', render: (_, t) => validityOf(t) },
    { title: '适用范围', dataIndex: 'scopeText' },
    { title: '已发放', dataIndex: 'issued', width: 80 },
    { title: '已使用', dataIndex: 'used', width: 80 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (_, t) =>
        t.status === TEMPLATE_STATUS.ENDED ? (
          <Badge status="default" text="已结束" />
        ) : (
          <Badge status="success" text="发放中" />
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      render: (_, t) => (
        <RowActions>
          {t.status === TEMPLATE_STATUS.ENDED || !current
            ? []
            : [
                <CouponForm
                  key="edit"
                  trigger={<a>编辑</a>}
                  projectSn={current.projectSn}
                  template={t}
                  onSaved={reload}
                />,
                <Popconfirm
                  key="end"
                  title={`结束发放「${t.couponName}」？`}
                  description="结束后领券活动和卡密不再发放此券，顾客已领取的仍可使用；结束后不能恢复。"
                  okText="结束发放"
                  cancelText="取消"
                  onConfirm={() => end(t)}
                >
                  <a>结束</a>
                </Popconfirm>,
              ]}
        </RowActions>
      ),
    },
  ];

  return (
    <PageContainer title="优惠券" className="sf-admin-coupons">
      {!current ? (
        <Alert type="info" message="请先在右上角选择项目" />
      ) : (
        <ListTable<CouponTemplate>
          rowKey="couponSn"
          actionRef={actionRef}
          columns={columns}
          pagination={false}
          headerTitle="优惠券模板"
          params={[current.projectSn]}
          toolbar={[
            <CouponForm
              key="create"
              trigger={
                <Button type="primary" icon={<PlusOutlined />}>
                  新建优惠券
                </Button>
              }
              projectSn={current.projectSn}
              onSaved={reload}
            />,
          ]}
          request={async () => {
            try {
              return { data: await listTemplates(current.projectSn), success: true };
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
