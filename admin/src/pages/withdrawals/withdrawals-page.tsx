/**
 * 提现审核: the chosen project's promoters' withdrawals, those under review first by default. 通过 hands the
 * withdrawal to the payout provider at once, so it asks first with the amount and the card (取消 sends nothing);
 * 驳回 asks for a reason and books the amount back. Only finance and the owner decide.
 */
import { useCallback, useState } from 'react';
import { ReloadOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { App, Button, Card, Empty, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { WITHDRAWAL_STATE_TEXT, WITHDRAWAL_STATES, type WithdrawalState } from '@contract/earnings';
import { formatChinaTime } from '@contract/rules/china-time';
import { formatMoney } from '@contract/rules/money';
import { mayAccess } from '@contract/rules/operator-roles';
import { payoutDestination } from '@contract/rules/withdrawal';
import { messageOf } from '../../api/client';
import { approveWithdrawal, listWithdrawals, type OpsWithdrawal } from '../../api/withdrawals';
import { useProjectList } from '../../projects/use-project-list';
import { useOperator } from '../../session/session-context';
import { RejectForm } from './reject-form';

const COLOUR: Record<WithdrawalState, string> = {
  REVIEWING: 'orange',
  PAYING: 'blue',
  SUCCESS: 'green',
  FAILED: 'red',
  REJECTED: 'default',
};

export default function WithdrawalsPage() {
  const { message, modal } = App.useApp();
  const me = useOperator();
  const mayDecide = mayAccess(me.role, 'withdrawals', 'write');
  const [status, setStatus] = useState<WithdrawalState | undefined>('REVIEWING');
  const load = useCallback((projectSn: string) => listWithdrawals(projectSn, status), [status]);
  const { current, rows, loading, reload, noProject } = useProjectList(load);
  const [rejecting, setRejecting] = useState<OpsWithdrawal | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const approve = async (w: OpsWithdrawal) => {
    const ok = await new Promise<boolean>((resolve) =>
      modal.confirm({
        title: '确认通过并打款？',
        content: `${w.holderName} ${payoutDestination(w)}：提现 ${formatMoney(w.amount)}，手续费 ${formatMoney(w.fee)}，实际打款 ${formatMoney(w.actualAmount)}。通过后立即打款，无法撤回。`,
        okText: '确认打款',
        cancelText: '取消',
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      }),
    );
    if (!ok) return;
    setBusy(w.withdrawalNo);
    try {
      const next = await approveWithdrawal(w.withdrawalNo);
      message.success(`提现 ${w.withdrawalNo}：${next.statusText}`);
    } catch (e) {
      message.error(messageOf(e));
    } finally {
      setBusy(null);
      await reload();
    }
  };

  const columns: TableColumnsType<OpsWithdrawal> = [
    {
      title: '提现单号',
      dataIndex: 'withdrawalNo',
      width: 220,
      render: (no: string) => <Typography.Text copyable>{no}</Typography.Text>,
    },
    { title: '推广员', dataIndex: 'phone', width: 130, render: (p: string | null) => p ?? '—' },
    {
      title: '到账账户',
      key: 'card',
      render: (_: unknown, w: OpsWithdrawal) => `${w.holderName} ${payoutDestination(w)}`,
    },
    { title: '提现金额', dataIndex: 'amount', width: 110, render: (fen: number) => formatMoney(fen) },
    { title: '手续费', dataIndex: 'fee', width: 90, render: (fen: number) => formatMoney(fen) },
    {
      title: '实际打款',
      dataIndex: 'actualAmount',
      width: 110,
      // A refused or failed withdrawal went back to the balance: nothing reached the card.
      render: (fen: number, w: OpsWithdrawal) =>
        w.status === 'REJECTED' || w.status === 'FAILED' ? '已退回' : formatMoney(fen),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 110,
      render: (_: unknown, w: OpsWithdrawal) => (
        <Tag color={COLOUR[w.status]} data-status={w.status}>
          {w.statusText}
        </Tag>
      ),
    },
    { title: '申请时间', dataIndex: 'createdAt', width: 170, render: (at: string) => formatChinaTime(at) },
    { title: '驳回原因', dataIndex: 'reason', ellipsis: true, render: (r: string | null) => r ?? '—' },
    ...(mayDecide
      ? [
          {
            title: '操作',
            key: 'decide',
            width: 120,
            render: (_: unknown, w: OpsWithdrawal) =>
              w.status === 'REVIEWING' ? (
                <Space>
                  <Button
                    type="link"
                    size="small"
                    className="sf-admin-approve"
                    loading={busy === w.withdrawalNo}
                    onClick={() => void approve(w)}
                  >
                    通过
                  </Button>
                  <Button type="link" size="small" danger className="sf-admin-reject" onClick={() => setRejecting(w)}>
                    驳回
                  </Button>
                </Space>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <PageContainer title="提现审核" subTitle={current ? `${current.name}（${current.projectSn}）` : undefined}>
      <Card
        title="提现申请"
        extra={
          <Space>
            <Select<WithdrawalState | ''>
              className="sf-admin-withdrawal-filter"
              style={{ width: 140 }}
              value={status ?? ''}
              onChange={(v) => setStatus(v || undefined)}
              options={[
                { value: '', label: '全部状态' },
                ...WITHDRAWAL_STATES.map((s) => ({ value: s, label: WITHDRAWAL_STATE_TEXT[s] })),
              ]}
            />
            <Button icon={<ReloadOutlined />} onClick={() => void reload()}>
              刷新
            </Button>
          </Space>
        }
      >
        {noProject ? (
          <Empty description="没有可管理的项目，请联系店主开通" />
        ) : (
          <Table<OpsWithdrawal>
            className="sf-admin-withdrawals"
            rowKey="withdrawalNo"
            columns={columns}
            dataSource={rows}
            loading={loading}
            pagination={{ defaultPageSize: 20, hideOnSinglePage: true }}
            locale={{ emptyText: '暂无提现申请' }}
          />
        )}
      </Card>
      {rejecting ? (
        <RejectForm
          withdrawal={rejecting}
          onClose={() => setRejecting(null)}
          onDone={() => {
            setRejecting(null);
            void reload();
          }}
        />
      ) : null}
    </PageContainer>
  );
}
