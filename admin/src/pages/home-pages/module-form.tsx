/**
 * Add or edit a module: its type, title, and either a column (activity and course columns) or its items (banner
 * pictures, image-text and quick entries, notices), each with a jump. Checked field by field and as a whole with
 * the contract's opsModuleBody; a refusal shows above the buttons and nothing typed is lost.
 */
import { useState } from 'react';
import { App, Button, Card, Form, Input, Modal, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { MAX_MODULE_ITEMS, MODULE_TYPE_NAMES, opsModuleBody, opsModuleItemSchema } from '@contract/ops-pages';
import { messageOf } from '../../api/client';
import { createModule, updateModule, type OpsJumpOptions, type OpsModule } from '../../api/home-pages';
import { FormError } from '../../forms/form-error';
import { ImageUploadField } from '../../forms/image-upload-field';
import { useProjects } from '../../projects/project-context';
import { zodMessage, zodRule } from '../../forms/zod-rule';
import { JumpFields } from './jump-fields';

const TYPE_OPTIONS = Object.entries(MODULE_TYPE_NAMES).map(([value, label]) => ({ value, label }));
const isColumn = (t: unknown) => t === 'ACTIVITY_COLUMN' || t === 'COURSE_COLUMN';
const item = opsModuleItemSchema.shape;

interface Props {
  pageSn: string;
  /** Null: a new module. */
  module: OpsModule | null;
  options: OpsJumpOptions | null;
  onClose(): void;
  onSaved(): void;
}

/** The stored module as form values (nulls as empty fields). */
function initialOf(module: OpsModule | null) {
  if (!module) return { moduleType: 'BANNER', items: [{ jumpContent: { firstEnum: 'BANNER_NO_SKIP' } }] };
  const nn = (v: string | null | undefined) => v ?? undefined;
  return {
    moduleType: module.moduleType,
    title: nn(module.title),
    columnSn: nn(module.columnSn),
    items: module.items.map((i) => ({
      itemSn: i.itemSn,
      title: nn(i.title),
      image: nn(i.image),
      text: nn(i.text),
      jumpContent: {
        firstEnum: i.jumpContent.firstEnum,
        targetSn: nn(i.jumpContent.targetSn),
        url: nn(i.jumpContent.url),
        appId: nn(i.jumpContent.appId),
        thirdEnum: nn(i.jumpContent.thirdEnum),
      },
    })),
  };
}

export function ModuleForm({ pageSn, module, options, onClose, onSaved }: Props) {
  const { current } = useProjects();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const moduleType = Form.useWatch('moduleType', form) as string | undefined;

  const submit = async () => {
    setError(null);
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const refusal = zodMessage(opsModuleBody, values);
    if (refusal) return setError(refusal);
    const body = opsModuleBody.parse(values);
    setBusy(true);
    try {
      if (module) await updateModule(module.moduleSn, body);
      else await createModule(pageSn, body);
      message.success('模块已保存');
      onSaved();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      width={640}
      title={module ? '编辑模块' : '添加模块'}
      okText="保存"
      cancelText="取消"
      maskClosable={false}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      styles={{ body: { maxHeight: '70vh', overflowY: 'auto' } }}
    >
      <Form form={form} layout="vertical" name="module" initialValues={initialOf(module)} preserve>
        <Form.Item name="moduleType" label="模块类型" required>
          <Select options={TYPE_OPTIONS} data-testid="module-type" />
        </Form.Item>
        <Form.Item name="title" label="模块标题" rules={[zodRule(opsModuleBody.shape.title)]}>
          <Input placeholder="选填，如：快捷入口、精品课程" maxLength={20} />
        </Form.Item>
        {isColumn(moduleType) ? (
          <Form.Item name="columnSn" label="栏目" required rules={[{ required: true, message: '请选择栏目' }]}>
            <Select
              showSearch
              optionFilterProp="label"
              placeholder="请选择栏目"
              options={options?.column ?? []}
              data-testid="module-column"
            />
          </Form.Item>
        ) : (
          <Form.List name="items">
            {(fields, { add, remove }) => (
              <Space direction="vertical" style={{ width: '100%' }}>
                {fields.map((field, i) => (
                  <Card
                    key={field.key}
                    size="small"
                    title={`第${i + 1}项`}
                    extra={
                      <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => remove(i)}>
                        删除
                      </Button>
                    }
                  >
                    <Form.Item name={[field.name, 'itemSn']} hidden>
                      <Input />
                    </Form.Item>
                    {moduleType !== 'NOTICE' ? (
                      <Form.Item
                        name={[field.name, 'image']}
                        label="图片地址"
                        required={moduleType === 'BANNER' || moduleType === 'IMAGE_TEXT'}
                        rules={[zodRule(item.image)]}
                      >
                        <ImageUploadField projectSn={current?.projectSn ?? ''} />
                      </Form.Item>
                    ) : null}
                    <Form.Item name={[field.name, 'title']} label="标题" rules={[zodRule(item.title)]}>
                      <Input placeholder="如：新人专享" maxLength={30} />
                    </Form.Item>
                    {moduleType !== 'BANNER' ? (
                      <Form.Item name={[field.name, 'text']} label="文字" rules={[zodRule(item.text)]}>
                        <Input.TextArea rows={2} maxLength={200} />
                      </Form.Item>
                    ) : null}
                    <JumpFields
                      name={[field.name, 'jumpContent']}
                      at={['items', field.name, 'jumpContent']}
                      options={options}
                    />
                  </Card>
                ))}
                {fields.length < MAX_MODULE_ITEMS ? (
                  <Button
                    block
                    type="dashed"
                    icon={<PlusOutlined />}
                    onClick={() => add({ jumpContent: { firstEnum: 'BANNER_NO_SKIP' } })}
                  >
                    添加一项
                  </Button>
                ) : null}
              </Space>
            )}
          </Form.List>
        )}
        <FormError message={error} />
      </Form>
    </Modal>
  );
}
