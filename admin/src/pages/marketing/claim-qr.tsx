/**
 * A claim activity's QR code (from /ops/coupon/claims/:actSn/qr: the storefront link of its claim page) and a
 * print button that opens a print-friendly page holding only the title, the code and the link.
 */
import { useEffect, useState } from 'react';
import { PrinterOutlined } from '@ant-design/icons';
import { Alert, Button, Image, Modal, Space, Spin, Typography } from 'antd';
import { messageOf } from '../../api/client';
import { claimQr, type ClaimActivity } from '../../api/marketing';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The page printed: big title, the code at 8 cm, the link under it. */
export function printHtml(title: string, qr: string, url: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${escape(title)}</title>
<style>body{font-family:sans-serif;text-align:center;margin:40px}h1{font-size:28px}
img{width:8cm;height:8cm}p{word-break:break-all;color:#555;font-size:12px}</style></head>
<body><h1>${escape(title)}</h1><img src="${escape(qr)}" alt="领券二维码"><p>扫码领取优惠券</p>
<p>${escape(url)}</p><script>window.onload=function(){window.print()}</script></body></html>`;
}

export function ClaimQr({ claim, onClose }: { claim: ClaimActivity; onClose: () => void }) {
  const [qr, setQr] = useState<{ qr: string; claimUrl: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    claimQr(claim.actSn)
      .then((r) => live && setQr(r))
      .catch((e: unknown) => live && setError(messageOf(e)));
    return () => {
      live = false;
    };
  }, [claim.actSn]);

  const print = () => {
    if (!qr) return;
    const page = window.open('', '_blank', 'width=640,height=800');
    if (!page) return setError('浏览器拦截了打印窗口，请允许弹出窗口后重试');
    page.document.write(printHtml(claim.title, qr.qr, qr.claimUrl));
    page.document.close();
  };

  return (
    <Modal
      open
      title={`领券二维码：${claim.title}`}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
        <Button key="print" type="primary" icon={<PrinterOutlined />} disabled={!qr} onClick={print}>
          打印
        </Button>,
      ]}
    >
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      {!qr && !error && <Spin style={{ display: 'block', margin: '40px auto' }} />}
      {qr && (
        <Space direction="vertical" align="center" style={{ width: '100%' }}>
          <Image src={qr.qr} alt="领券二维码" width={240} preview={false} className="sf-claim-qr" />
          <Typography.Text copyable={{ text: qr.claimUrl }} type="secondary" style={{ wordBreak: 'break-all' }}>
            {qr.claimUrl}
          </Typography.Text>
        </Space>
      )}
    </Modal>
  );
}
