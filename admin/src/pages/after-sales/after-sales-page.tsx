/**
 * 售后处理: the chosen project's after-sale applications by state; a row opens its detail with the decisions its
 * state allows. 同意退款, 确认收货并退款 and 退款 send the money back at once, so each asks first with the amount;
 * 拒绝 asks for the reason the customer reads. Below, 换课 for a paid course order. Deciding is finance's and the
 * owner's (contract/rules/operator-roles.ts); other roles read.
 */
import { useCallback, useState } from 'react';
import { ReloadOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { App, Button, Card, Empty, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { formatChinaTime } from '@contract/rules/china-time';
import { formatMoney } from '@contract/rules/money';
import { mayAccess } from '@contract/rules/operator-roles';
import { AFTER_SALE_STATE_TEXT, AFTER_SALE_STATES, type AfterSaleState } from '@contract/rules/after-sale';
import { messageOf } from '../../api/client';
import { actOnAfterSale, listAfterSales, type OpsAfterSale } from '../../api/after-sales';
import { useProjectList } from '../../projects/use-project-list';
import { useOperator } from '../../session/session-context';
import { ACTION_TEXT, MOVES_MONEY, type Decision } from './after-sale-actions';
import { AfterSaleDetail } from './after-sale-detail';
import { CourseChangeCard } from './course-change-card';
import { RefuseForm } from './refuse-form';
import { stateColour } from './state-colour';

export default function AfterSalesPage() {
  const { message, modal } = App.useApp();
  const me = useOperator();
  const mayDecide = mayAccess(me.role, 'after-sales', 'write');
  const [state, setState] = useState<AfterSaleState | undefined>();
  const load = useCallback((projectSn: string) => listAfterSales(projectSn, state), [state]);
  const { current, rows, loading, reload, noProject } = useProjectList(load);
  const [openNo, setOpenNo] = useState<string | null>(null);
  const [refusing, setRefusing] = useState<OpsAfterSale | null>(null);
  const [busy, setBusy] = useState(false);
  const open = rows.find((a) => a.applicationNo === openNo) ?? null;

  const confirmRefund = (a: OpsAfterSale, decision: Decision) =>
    new Promise<boolean>((resolve) =>
      modal.confirm({
        title: `确认${ACTION_TEXT[decision]}？`,
        content: `售后单 ${a.applicationNo}（${a.courseName}），退款金额 ${formatMoney(a.amount)}，将原路退回，提交后无法撤回。`,
        okText: '确认退款',
        cancelText: '取消',
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      }),
    );

  const act = async (a: OpsAfterSale, decision: Decision) => {
    if (decision === 'refuse') return setRefusing(a);
    if (MOVES_MONEY.has(decision) && !(await confirmRefund(a, decision))) return;
    setBusy(true);
    try {
      const next = await actOnAfterSale(a.applicationNo, decision);
      message.success(`售后单 ${a.applicationNo}：${next.stateText}`);
    } catch (e) {
      message.error(messageOf(e));
    } finally {
      setBusy(false);
      await reload();
    }
  };

  const columns: TableColumnsType<OpsAfterSale> = [
    {
      title: '售后单号',
      dataIndex: 'applicationNo',
      width: 230,
      render: (no: string) => <a onClick={() => setOpenNo(no)}>{no}</a>,
    },
    { title: '商品', dataIndex: 'courseName', ellipsis: true },
    { title: '类型', dataIndex: 'typeText', width: 90 },
    { title: '金额', dataIndex: 'amount', width: 110, render: (fen: number) => formatMoney(fen) },
    {
      title: '状态',
      dataIndex: 'state',
      width: 120,
      render: (_: unknown, a: OpsAfterSale) => (
        <Tag color={stateColour(a.state)} data-state={a.state}>
          {a.stateText}
        </Tag>
      ),
    },
    { title: '顾客', dataIndex: 'phone', width: 130, render: (p: string | null) => p ?? '—' },
    { title: '申请时间', dataIndex: 'createdAt', width: 170, render: (at: string) => formatChinaTime(at) },
    {
      title: '操作',
      key: 'open',
      width: 80,
      render: (_: unknown, a: OpsAfterSale) => <a onClick={() => setOpenNo(a.applicationNo)}>处理</a>,
    },
  ];

  return (
    <PageContainer title="售后处理" subTitle={current ? `${current.name}（${current.projectSn}）` : undefined}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Card
          title="售后申请"
          extra={
            <Space>
              <Select<AfterSaleState | ''>
                className="sf-admin-after-sale-filter"
                style={{ width: 160 }}
                value={state ?? ''}
                onChange={(v) => setState(v || undefined)}
                options={[
                  { value: '', label: '全部状态' },
                  ...AFTER_SALE_STATES.map((s) => ({ value: s, label: AFTER_SALE_STATE_TEXT[s] })),
                ]}
              />
              <Button icon={<ReloadOutlined />} onClick={() => void reload()} className="sf-admin-reload">
                刷新
              </Button>
            </Space>
          }
        >
          {noProject ? (
            <Empty description="没有可管理的项目，请联系店主开通" />
          ) : (
            <Table<OpsAfterSale>
              className="sf-admin-after-sales"
              rowKey="applicationNo"
              columns={columns}
              dataSource={rows}
              loading={loading}
              pagination={{ defaultPageSize: 20, hideOnSinglePage: true }}
              locale={{ emptyText: '暂无售后申请' }}
            />
          )}
          {!mayDecide ? (
            <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
              售后决定（退款、拒绝）由财务或店主处理，当前角色只能查看。
            </Typography.Paragraph>
          ) : null}
        </Card>
        <CourseChangeCard mayChange={mayDecide} />
      </Space>
      {open ? (
        <AfterSaleDetail
          application={open}
          mayDecide={mayDecide}
          busy={busy}
          onAct={(decision) => void act(open, decision)}
          onClose={() => setOpenNo(null)}
        />
      ) : null}
      {refusing ? (
        <RefuseForm
          application={refusing}
          onClose={() => setRefusing(null)}
          onDone={() => {
            setRefusing(null);
            void reload();
          }}
        />
      ) : null}
    </PageContainer>
  );
}
