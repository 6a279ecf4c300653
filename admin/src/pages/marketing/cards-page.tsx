/**
 * 卡密批次: the chosen project's card batches with codes redeemed and voided; generate one, export its codes once
 * (after a warning: no second copy exists), void it (unused codes stop working) behind a confirmation.
 */
import { useRef, useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { Alert, App, Badge, Button, Popconfirm, Tag, type TableColumnsType } from 'antd';
import { formatChinaTime } from '@contract/rules/china-time';
import { formatMoney } from '@contract/rules/money';
import { messageOf } from '../../api/client';
import {
  exportBatch,
  listBatches,
  listTemplates,
  voidBatch,
  type CardBatch,
  type CouponTemplate,
} from '../../api/marketing';
import { useProjects } from '../../projects/project-context';
import { ListTable, RowActions, type ListAction } from '../../components/list-table';
import { lazyModalForm } from '../../components/lazy-modal-form';

const BatchForm = lazyModalForm(() => import('./batch-form').then((m) => m.BatchForm));

/** Saves the CSV; the byte-order mark lets Excel read it as UTF-8. */
function saveCsv(filename: string, csv: string) {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const time = (iso: string | null) => formatChinaTime(iso, 'YYYY-MM-DD HH:mm');

export default function CardsPage() {
  const { message, modal } = App.useApp();
  const { current } = useProjects();
  const actionRef = useRef<ListAction>(undefined);
  const [templates, setTemplates] = useState<CouponTemplate[]>([]);
  const reload = () => void actionRef.current?.reload();

  const confirmExport = (b: CardBatch) =>
    modal.confirm({
      title: `导出「${b.cardName}」的 ${b.codes} 个卡密？`,
      content: '卡密只能导出一次：导出后服务器不再保留明文，再次导出会被拒绝。请妥善保存下载的文件，不要外传。',
      okText: '导出',
      cancelText: '取消',
      onOk: async () => {
        try {
          const { csv, filename } = await exportBatch(b.batchSn);
          saveCsv(filename, csv);
          message.success(`已导出 ${b.codes} 个卡密`);
        } catch (e) {
          modal.error({ title: '不能导出', content: messageOf(e), okText: '知道了' });
        }
        reload();
      },
    });

  const doVoid = async (b: CardBatch) => {
    try {
      const after = await voidBatch(b.batchSn);
      message.success(`批次「${b.cardName}」已作废，${after.voided} 个未使用的卡密已失效`);
      reload();
    } catch (e) {
      message.error(messageOf(e));
    }
  };

  const columns: TableColumnsType<CardBatch> = [
    { title: '卡券名称', dataIndex: 'cardName' },
    {
      title: '面值',
      dataIndex: 'faceValue',
      width: 100,
      render: (_, b) => (b.faceValue ? formatMoney(b.faceValue) : '—'),
    },
    { title: '卡密数', dataIndex: 'codes', width: 80 },
    { title: '已兑换', dataIndex: 'redeemed', width: 80 },
    { title: '已作废', dataIndex: 'voided', width: 80 },
    { title: '生成时间', dataIndex: 'createdAt', width: 150, render: (_, b) => time(b.createdAt) },
    {
      title: '导出',
      key: 'exported',
      width: 170,
      render: (_, b) => (b.exportedAt ? <Tag color="blue">已导出 {time(b.exportedAt)}</Tag> : <Tag>未导出</Tag>),
    },
    {
      title: '状态',
      key: 'state',
      width: 170,
      render: (_, b) =>
        b.voidedAt ? (
          <Badge status="default" text={`已作废 ${time(b.voidedAt)}`} />
        ) : (
          <Badge status="success" text="有效" />
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_, b) => (
        <RowActions>
          {b.voidedAt
            ? []
            : [
                <a key="export" onClick={() => confirmExport(b)}>
                  导出卡密
                </a>,
                <Popconfirm
                  key="void"
                  title={`作废批次「${b.cardName}」？`}
                  description="未使用的卡密将立即失效，顾客已兑换的卡券不受影响；作废后不能恢复。"
                  okText="作废"
                  okButtonProps={{ danger: true }}
                  cancelText="取消"
                  onConfirm={() => doVoid(b)}
                >
                  <a>作废</a>
                </Popconfirm>,
              ]}
        </RowActions>
      ),
    },
  ];

  return (
    <PageContainer title="卡密批次" className="sf-admin-cards">
      {!current ? (
        <Alert type="info" message="请先在右上角选择项目" />
      ) : (
        <ListTable<CardBatch>
          rowKey="batchSn"
          actionRef={actionRef}
          columns={columns}
          pagination={false}
          headerTitle="卡密批次"
          params={[current.projectSn]}
          toolbar={[
            <BatchForm
              trigger={
                <Button type="primary" icon={<PlusOutlined />}>
                  生成卡密
                </Button>
              }
              key="create"
              projectSn={current.projectSn}
              templates={templates}
              onSaved={reload}
            />,
          ]}
          request={async () => {
            try {
              const [list, coupons] = await Promise.all([
                listBatches(current.projectSn),
                listTemplates(current.projectSn),
              ]);
              setTemplates(coupons);
              return { data: [...list].reverse(), success: true };
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
