/**
 * An image field: the picture's address, typed or filled by 上传图片. Uploading asks the server for the project's
 * storage credentials (GET /ops/v1/catalogue/upload-credentials: an OSS PostObject policy for the project's catalogue
 * directory) and posts the file straight to the storage host as OSS PostObject (docs/providers.md, Uploads and
 * storage): the server's own /storage host by default, an OSS bucket when configured. Used as a Form.Item's child
 * (value / onChange), so the form's own rules still check the address.
 */
import { useState } from 'react';
import { App, Button, Image, Input, Space, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { UploadCredentials } from '@contract/upload';
import { messageOf } from '../api/client';
import { uploadCredentials } from '../api/catalogue';

const TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** Why a file cannot be uploaded with these credentials, or null. */
export function fileProblem(file: { type: string; size: number }, maxBytes: number): string | null {
  if (!TYPES.includes(file.type)) return '只能上传图片（PNG、JPEG、GIF、WEBP）';
  if (file.size === 0) return '文件为空';
  if (file.size > maxBytes) return `文件过大，单张图片不能超过${Math.floor(maxBytes / 1024 / 1024)}MB`;
  return null;
}

/** A fresh key under the credentials' directory: never an existing one (the host refuses to overwrite). */
export function newKey(dir: string, type: string): string {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, '0')).join('');
  return `${dir}${Date.now().toString(36)}-${random}.${EXTENSIONS[type] ?? 'img'}`;
}

/** Posts `file` as OSS PostObject; the file's address. */
export async function postObject(credentials: UploadCredentials, file: File): Promise<string> {
  const key = newKey(credentials.dir, file.type);
  const form = new FormData();
  form.append('key', key);
  form.append('policy', credentials.policy);
  form.append('OSSAccessKeyId', credentials.accessId);
  form.append('Signature', credentials.signature);
  form.append('success_action_status', '200');
  form.append('Content-Type', file.type);
  // OSS reads every field before the file: it must come last.
  form.append('file', file);
  let res: Response;
  try {
    res = await fetch(credentials.host, { method: 'POST', body: form });
  } catch {
    throw new Error('网络异常，图片未上传，请重试');
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message || `图片上传失败（${res.status}），请重试`);
  }
  return `${credentials.host}/${key}`;
}

export function ImageUploadField({
  id,
  projectSn,
  value,
  onChange,
  placeholder = '上传图片，或填写 https 地址',
}: {
  /** Form.Item's field id, kept on the input so its label and e2e find it. */
  id?: string;
  projectSn: string;
  value?: string | null;
  onChange?: (value: string) => void;
  placeholder?: string;
}) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File) => {
    setUploading(true);
    try {
      const credentials = await uploadCredentials(projectSn);
      const problem = fileProblem(file, credentials.maxBytes);
      if (problem) throw new Error(problem);
      onChange?.(await postObject(credentials, file));
      message.success('图片已上传');
    } catch (e) {
      message.error(e instanceof Error ? e.message : messageOf(e));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Space.Compact block className="sf-admin-image-field" style={{ alignItems: 'flex-start' }}>
      {value ? <Image src={value} width={40} height={40} style={{ objectFit: 'cover' }} alt="" /> : null}
      <Input
        id={id}
        value={value ?? ''}
        onChange={(e) => onChange?.(e.target.value)}
        placeholder={placeholder}
        maxLength={500}
      />
      <Upload
        accept={TYPES.join(',')}
        showUploadList={false}
        beforeUpload={(file) => {
          void upload(file);
          // The file goes to the storage host by postObject, not by Upload's own request.
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading}>
          上传图片
        </Button>
      </Upload>
    </Space.Compact>
  );
}
