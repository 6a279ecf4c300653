/**
 * The jump picker (§4 jump enums): the enum, then what that enum needs — a searchable select of the project's
 * records (pages, activities, courses, columns, claim activities, forms), a typed number (order, after-sale) or a
 * link. Each field is checked by contract/rules/jump-target.ts as it is typed, so its message shows under it.
 */
import { Form, Input, Select } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import {
  JUMP_ENUMS,
  JUMP_TARGET_PROMPTS,
  jumpEnumInfo,
  jumpProblem,
  type JumpInput,
  type JumpProblem,
} from '@contract/rules/jump-target';
import type { OpsJumpOptions } from '../../api/home-pages';

const ENUM_OPTIONS = JUMP_ENUMS.map((e) => ({ value: e.value, label: `${e.label}（${e.value}）` }));

interface Props {
  /** The jump's name as its Form.Item sees it (relative inside a Form.List). */
  name: NamePath;
  /** The jump's full path in the form, e.g. ['items', 0, 'jumpContent'] (defaults to name). */
  at?: (string | number)[];
  options: OpsJumpOptions | null;
}

const path = (name: NamePath): (string | number)[] => (Array.isArray(name) ? name : [name]);

export function JumpFields({ name, at, options }: Props) {
  const form = Form.useFormInstance();
  const base = path(name);
  const full = at ?? base;
  const rule = (field: JumpProblem['field']) => ({
    validator: async () => {
      const jump = (form.getFieldValue(full) ?? {}) as JumpInput;
      const problem = jumpProblem(jump);
      if (problem && problem.field === field) throw new Error(problem.message);
    },
  });
  return (
    <>
      <Form.Item name={[...base, 'firstEnum']} label="跳转类型" required rules={[rule('firstEnum')]}>
        <Select
          showSearch
          optionFilterProp="label"
          options={ENUM_OPTIONS}
          placeholder="请选择跳转类型"
          data-testid="jump-enum"
        />
      </Form.Item>
      <Form.Item noStyle dependencies={[[...full, 'firstEnum']]}>
        {() => {
          const info = jumpEnumInfo(form.getFieldValue([...full, 'firstEnum']) as string | undefined);
          if (!info || info.target === 'none') return null;
          if (info.target === 'url')
            return (
              <Form.Item name={[...base, 'url']} label="跳转链接" required rules={[rule('url')]}>
                <Input placeholder="https://... 或 /static/pages/..." maxLength={512} data-testid="jump-url" />
              </Form.Item>
            );
          if (info.target === 'outside')
            return (
              <>
                <Form.Item
                  name={[...base, 'appId']}
                  label="小程序 AppID"
                  rules={[rule('appId')]}
                  dependencies={[[...full, 'url']]}
                >
                  <Input placeholder="跳转其他小程序时填写" maxLength={64} />
                </Form.Item>
                <Form.Item
                  name={[...base, 'url']}
                  label="链接或小程序路径"
                  rules={[rule('url')]}
                  dependencies={[[...full, 'appId']]}
                >
                  <Input placeholder="https://...，或填写 AppID 后的页面路径" maxLength={512} />
                </Form.Item>
              </>
            );
          const prompt = JUMP_TARGET_PROMPTS[info.target];
          if (info.target === 'order' || info.target === 'application')
            return (
              <Form.Item name={[...base, 'targetSn']} label="跳转目标" required rules={[rule('targetSn')]}>
                <Input placeholder={prompt} maxLength={64} />
              </Form.Item>
            );
          return (
            <Form.Item name={[...base, 'targetSn']} label="跳转目标" required rules={[rule('targetSn')]}>
              <Select
                showSearch
                optionFilterProp="label"
                placeholder={prompt}
                options={options?.[info.target] ?? []}
                loading={!options}
                notFoundContent="没有可选的项目"
                data-testid="jump-target"
              />
            </Form.Item>
          );
        }}
      </Form.Item>
    </>
  );
}
