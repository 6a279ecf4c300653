/**
 * 推广员 and 佣金规则: the chosen project's promoters with their balances, adding one by the phone of a customer
 * who logged in once, and what each item pays its promoter per order. Marketing's area: the owner and 运营 change
 * them, finance reads.
 */
import { useCallback, useState } from 'react';
import { ReloadOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { App, Button, Card, Empty, Form, Input, Space, Table, Tag, type TableColumnsType } from 'antd';
import { COMMISSION_MODE_TEXT, opsPromoterBody } from '@contract/earnings';
import { formatChinaTime } from '@contract/rules/china-time';
import { formatMoney } from '@contract/rules/money';
import { mayAccess } from '@contract/rules/operator-roles';
import { messageOf } from '../../api/client';
import {
  addPromoter,
  listCommissionItems,
  listPromoters,
  type OpsCommissionItem,
  type OpsPromoterRow,
} from '../../api/promoters';
import { FormError } from '../../forms/form-error';
import { zodRule } from '../../forms/zod-rule';
import { useProjectList } from '../../projects/use-project-list';
import { useOperator } from '../../session/session-context';
import { CommissionForm } from './commission-form';

const ruleText = (rule: OpsCommissionItem['rule']) =>
  !rule
    ? '不计佣金'
    : rule.mode === 'FIXED'
      ? `${COMMISSION_MODE_TEXT.FIXED} ${formatMoney(rule.value)}/单`
      : `${COMMISSION_MODE_TEXT.RATE} ${(rule.value / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

export default function PromotersPage() {
  const { message } = App.useApp();
  const me = useOperator();
  const mayEdit = mayAccess(me.role, 'marketing', 'write');
  const promoters = useProjectList(listPromoters);
  const loadItems = useCallback((projectSn: string) => listCommissionItems(projectSn), []);
  const items = useProjectList(loadItems);
  const [editing, setEditing] = useState<OpsCommissionItem | null>(null);
  const [form] = Form.useForm<{ phone: string }>();
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  const add = async () => {
    setError(null);
    const projectSn = promoters.projectSn;
    const values = await form.validateFields().catch(() => null);
    if (!values || !projectSn) return;
    setAdding(true);
    try {
      const made = await addPromoter(projectSn, opsPromoterBody.shape.phone.parse(values.phone));
      message.success(`已设为推广员，推广码 ${made.promoterCode}`);
      form.resetFields();
      await promoters.reload();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setAdding(false);
    }
  };

  const promoterColumns: TableColumnsType<OpsPromoterRow> = [
    { title: '手机号', dataIndex: 'phone', width: 130, render: (p: string | null) => p ?? '—' },
    { title: '推广码', dataIndex: 'promoterCode', width: 140 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: string) => (s === 'ACTIVE' ? <Tag color="green">推广中</Tag> : <Tag>已停用</Tag>),
    },
    { title: '冻结中', dataIndex: 'frozen', width: 110, render: (fen: number) => formatMoney(fen) },
    { title: '可提现', dataIndex: 'withdrawable', width: 110, render: (fen: number) => formatMoney(fen) },
    { title: '已提现', dataIndex: 'withdrawn', width: 110, render: (fen: number) => formatMoney(fen) },
    { title: '成为推广员', dataIndex: 'createdAt', width: 170, render: (at: string) => formatChinaTime(at) },
  ];

  const itemColumns: TableColumnsType<OpsCommissionItem> = [
    { title: '商品', dataIndex: 'actName', ellipsis: true },
    { title: '编号', dataIndex: 'actSn', width: 200 },
    { title: '佣金', key: 'rule', width: 220, render: (_: unknown, i: OpsCommissionItem) => ruleText(i.rule) },
    ...(mayEdit
      ? [
          {
            title: '操作',
            key: 'edit',
            width: 80,
            render: (_: unknown, i: OpsCommissionItem) => <a onClick={() => setEditing(i)}>编辑</a>,
          },
        ]
      : []),
  ];

  const current = promoters.current;
  return (
    <PageContainer title="推广员" subTitle={current ? `${current.name}（${current.projectSn}）` : undefined}>
      {promoters.noProject ? (
        <Empty description="没有可管理的项目，请联系店主开通" />
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Card
            title="推广员"
            extra={
              <Button icon={<ReloadOutlined />} onClick={() => void promoters.reload()}>
                刷新
              </Button>
            }
          >
            {mayEdit ? (
              <>
                <Form form={form} layout="inline" name="promoter" onFinish={() => void add()}>
                  <Form.Item name="phone" label="顾客手机号" rules={[zodRule(opsPromoterBody.shape.phone)]}>
                    <Input placeholder="已在本项目登录过的手机号" maxLength={11} style={{ width: 240 }} />
                  </Form.Item>
                  <Button type="primary" htmlType="submit" loading={adding}>
                    设为推广员
                  </Button>
                </Form>
                <div style={{ marginTop: 12 }}>
                  <FormError message={error} />
                </div>
              </>
            ) : null}
            <Table<OpsPromoterRow>
              className="sf-admin-promoters"
              rowKey="userId"
              columns={promoterColumns}
              dataSource={promoters.rows}
              loading={promoters.loading}
              pagination={{ defaultPageSize: 20, hideOnSinglePage: true }}
              locale={{ emptyText: '暂无推广员' }}
            />
          </Card>
          <Card
            title="佣金规则"
            extra={
              <Button icon={<ReloadOutlined />} onClick={() => void items.reload()}>
                刷新
              </Button>
            }
          >
            <Table<OpsCommissionItem>
              className="sf-admin-commission-rules"
              rowKey="actSn"
              columns={itemColumns}
              dataSource={items.rows}
              loading={items.loading}
              pagination={{ defaultPageSize: 20, hideOnSinglePage: true }}
              locale={{ emptyText: '暂无商品' }}
            />
          </Card>
        </Space>
      )}
      {editing ? (
        <CommissionForm
          item={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void items.reload();
          }}
        />
      ) : null}
    </PageContainer>
  );
}
