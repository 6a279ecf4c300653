/**
 * 评价: an item's reviews, hidden ones included. 隐藏 takes one out of the storefront's list and count (kept, and
 * 显示 brings it back); 回复 writes the merchant's reply shown under it. A refused reply keeps what was typed.
 */
import { useCallback, useEffect, useState } from 'react';
import { App, Button, Form, Input, List, Modal, Popconfirm, Rate, Space, Tag, Typography } from 'antd';
import { reviewReplyBody, REVIEW_REPLY_MAX } from '@contract/ops-catalogue-extras';
import { formatChinaTime } from '@contract/rules/china-time';
import { messageOf } from '../../api/client';
import { listReviews, replyReview, setReviewHidden, type OpsReviewRow } from '../../api/catalogue-extras';
import { zodRule } from '../../forms/zod-rule';

/** The reviews of one item; `readOnly` hides the changes (a role that only reads, or an archived item). */
export default function ReviewsTab({ actSn, readOnly }: { actSn: string; readOnly: boolean }) {
  const { message } = App.useApp();
  const [rows, setRows] = useState<OpsReviewRow[]>([]);
  const [loading, setLoading] = useState(true);
  const [replying, setReplying] = useState<OpsReviewRow | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ reply: string }>();

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setRows(await listReviews(actSn));
    } catch (e) {
      message.error(messageOf(e));
    } finally {
      setLoading(false);
    }
  }, [actSn, message]);
  useEffect(() => void load(), [load]);

  const replace = (row: OpsReviewRow) => setRows((all) => all.map((r) => (r.commentId === row.commentId ? row : r)));

  const toggle = async (row: OpsReviewRow) => {
    try {
      replace(await setReviewHidden(actSn, row.commentId, !row.hidden));
      message.success(row.hidden ? '已显示' : '已隐藏');
    } catch (e) {
      message.error(messageOf(e));
    }
  };

  const openReply = (row: OpsReviewRow) => {
    setRefusal(null);
    form.setFieldsValue({ reply: row.reply ?? '' });
    setReplying(row);
  };
  const sendReply = async () => {
    if (!replying) return;
    let reply: string;
    try {
      ({ reply } = await form.validateFields());
    } catch {
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      replace(await replyReview(actSn, replying.commentId, reply));
      setReplying(null);
      message.success('回复成功');
    } catch (e) {
      setRefusal(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <List
        loading={loading}
        dataSource={rows}
        locale={{ emptyText: '暂无评价' }}
        rowKey="commentId"
        renderItem={(row) => (
          <List.Item
            data-comment-id={row.commentId}
            actions={
              readOnly
                ? []
                : [
                    <Button key="reply" type="link" onClick={() => openReply(row)}>
                      {row.reply ? '修改回复' : '回复'}
                    </Button>,
                    row.hidden ? (
                      <Button key="show" type="link" onClick={() => void toggle(row)}>
                        显示
                      </Button>
                    ) : (
                      <Popconfirm
                        key="hide"
                        title="隐藏后商城不再展示这条评价，确定隐藏？"
                        okText="隐藏"
                        cancelText="取消"
                        onConfirm={() => toggle(row)}
                      >
                        <Button type="link" danger>
                          隐藏
                        </Button>
                      </Popconfirm>
                    ),
                  ]
            }
          >
            <List.Item.Meta
              title={
                <Space>
                  {row.nickName}
                  <Rate disabled value={row.score} style={{ fontSize: 12 }} />
                  {row.hidden && <Tag color="default">已隐藏</Tag>}
                  <Typography.Text type="secondary">
                    {formatChinaTime(row.createdAt, 'YYYY-MM-DD HH:mm')}
                  </Typography.Text>
                </Space>
              }
              description={
                <>
                  <Typography.Paragraph style={{ marginBottom: 4, whiteSpace: 'pre-wrap' }}>
                    {row.content}
                  </Typography.Paragraph>
                  {row.reply && (
                    <Typography.Text type="secondary" className="sf-admin-review-reply">
                      商家回复：{row.reply}
                    </Typography.Text>
                  )}
                </>
              }
            />
          </List.Item>
        )}
      />
      <Modal
        open={Boolean(replying)}
        title="回复评价"
        okText="发送回复"
        cancelText="取消"
        confirmLoading={busy}
        onOk={() => void sendReply()}
        onCancel={() => setReplying(null)}
        destroyOnHidden={false}
        // The form exists before the first open, so the review's earlier reply set on opening is not lost.
        forceRender
      >
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }}>
          {replying?.content}
        </Typography.Paragraph>
        <Form form={form} layout="vertical">
          <Form.Item name="reply" label="回复内容" rules={[zodRule(reviewReplyBody.shape.reply)]}>
            <Input.TextArea rows={4} maxLength={REVIEW_REPLY_MAX} showCount placeholder="商城评价下方展示，顾客可见" />
          </Form.Item>
        </Form>
        {refusal && <Typography.Text type="danger">{refusal}</Typography.Text>}
      </Modal>
    </>
  );
}
