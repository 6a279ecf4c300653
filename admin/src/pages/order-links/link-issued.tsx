/**
 * A link just issued: its QR code and URL, shown this once (the server keeps only the token's hash), with 复制 and
 * a print button that opens a print-only page holding the course, the code, the URL and whom it is for.
 */
import { PrinterOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Image, Modal, Space, Typography } from 'antd';
import { formatChinaTime } from '@contract/rules/china-time';
import { formatMoney } from '@contract/rules/money';
import type { OrderLinkIssued } from '../../api/order-links';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The page printed: the course, the code at 8 cm, whom and until when, the URL. */
export function printHtml(issued: OrderLinkIssued): string {
  const { link, url, qr } = issued;
  const title = `下单链接：${link.actName}${link.packageName ? `（${link.packageName}）` : ''}`;
  const until = formatChinaTime(link.expiresAt, 'YYYY-MM-DD HH:mm');
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${escape(title)}</title>
<style>body{font-family:sans-serif;text-align:center;margin:40px}h1{font-size:24px}
img{width:8cm;height:8cm}p{word-break:break-all;color:#555;font-size:12px}</style></head>
<body><h1>${escape(title)}</h1>${qr ? `<img src="${escape(qr)}" alt="下单二维码">` : ''}
<p>应付 ${escape(formatMoney(link.amount))}，仅限手机号 ${escape(link.phone)} 使用一次，${escape(until)}（北京时间）前有效</p>
<p>${escape(url)}</p><script>window.onload=function(){window.print()}</script></body></html>`;
}

export function LinkIssued({ issued, onClose }: { issued: OrderLinkIssued; onClose: () => void }) {
  const { link, url, qr } = issued;
  const print = () => {
    const page = window.open('', '_blank', 'width=640,height=800');
    if (!page) return;
    page.document.write(printHtml(issued));
    page.document.close();
  };
  return (
    <Modal
      open
      title="下单链接已生成"
      onCancel={onClose}
      maskClosable={false}
      className="sf-admin-link-issued"
      footer={[
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
        <Button key="print" type="primary" icon={<PrinterOutlined />} onClick={print}>
          打印
        </Button>,
      ]}
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        message="链接只在此处显示一次，请现在复制或打印发给客户；丢失后请作废并重新生成。"
      />
      <Space direction="vertical" align="center" style={{ width: '100%' }}>
        {qr ? (
          <Image src={qr} alt="下单二维码" width={220} preview={false} className="sf-admin-link-qr" />
        ) : (
          <Alert type="info" message="二维码服务暂不可用，请复制链接发给客户" />
        )}
        <Typography.Text copyable={{ text: url }} className="sf-admin-link-url" style={{ wordBreak: 'break-all' }}>
          {url}
        </Typography.Text>
      </Space>
      <Descriptions column={1} size="small" style={{ marginTop: 16 }}>
        <Descriptions.Item label="课程">
          {link.actName}
          {link.packageName ? `（${link.packageName}）` : ''}
        </Descriptions.Item>
        <Descriptions.Item label="应付">{formatMoney(link.amount)}</Descriptions.Item>
        <Descriptions.Item label="客户手机号">{link.phone}</Descriptions.Item>
        <Descriptions.Item label="失效时间">
          {formatChinaTime(link.expiresAt, 'YYYY-MM-DD HH:mm')}（北京时间）
        </Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}
