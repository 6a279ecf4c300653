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
import { messageOf } from '../api/client';
import { uploadCredentials } from '../api/catalogue';
import { fileProblem, IMAGE_TYPES, postObject } from './post-object';

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
      <Input
        id={id}
        value={value ?? ''}
        onChange={(e) => onChange?.(e.target.value)}
        placeholder={placeholder}
        maxLength={500}
      />
      <Upload
        accept={IMAGE_TYPES.join(',')}
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
      {/* Last: Space.Compact drops empty children, so a preview before the input would remount it (and lose the
          caret) when the first character is typed. */}
      {value ? <Image src={value} width={40} height={40} style={{ objectFit: 'cover' }} alt="" /> : null}
    </Space.Compact>
  );
}
