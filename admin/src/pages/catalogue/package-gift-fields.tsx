/**
 * The item form's 套餐与赠课 and 成考信息 cards, loaded on their own (React.lazy in catalogue-edit-page.tsx) to keep
 * the edit page's first load under the budget (docs/admin.md). They are fields of the page's own form, so one 保存
 * sends them with the rest. A package or gift is picked from the project's own courses: the server takes each
 * course's name and price from that course (a gift is free), which is what the order confirmation then charges.
 */
import { useEffect, useMemo, useState } from 'react';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { listItems, type CatalogueListRow } from '../../api/catalogue';
import { messageOf } from '../../api/client';

export interface CourseRef {
  courseSn: string;
  courseName: string;
  courseAmount: number;
}

const money = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/** A multiple select of the project's courses whose value is the course references the contract takes. */
function CoursePicker({
  id,
  courses,
  value,
  onChange,
  exclude,
  placeholder,
  testId,
}: {
  /** Given by Form.Item, so the field's label points at the select's input. */
  id?: string;
  courses: CatalogueListRow[];
  value?: CourseRef[];
  onChange?: (v: CourseRef[]) => void;
  exclude?: string;
  placeholder: string;
  testId: string;
}) {
  const picked = useMemo(() => value ?? [], [value]);
  // Archived courses are not offered, but a course already picked stays shown (older ones may be no item at all).
  const options = useMemo(() => {
    const offered = courses
      .filter((c) => c.state !== 'ARCHIVED' && c.actSn !== exclude)
      .map((c) => ({ value: c.actSn, label: `${c.actName}（${money(c.price)}）` }));
    const missing = picked
      .filter((p) => !offered.some((o) => o.value === p.courseSn))
      .map((p) => ({ value: p.courseSn, label: `${p.courseName}（${money(p.courseAmount)}）` }));
    return [...offered, ...missing];
  }, [courses, picked, exclude]);
  return (
    <Select
      id={id}
      mode="multiple"
      data-testid={testId}
      placeholder={placeholder}
      optionFilterProp="label"
      style={{ minWidth: 360 }}
      options={options}
      value={picked.map((p) => p.courseSn)}
      onChange={(sns: string[]) =>
        onChange?.(
          sns.map((sn) => {
            const row = courses.find((c) => c.actSn === sn);
            const was = picked.find((p) => p.courseSn === sn);
            return row ? { courseSn: sn, courseName: row.actName, courseAmount: row.price } : (was as CourseRef);
          }),
        )
      }
    />
  );
}

/** 课程合计 and 套餐优惠 of one package as the order will compute them. */
function PackageSums({ name }: { name: number }) {
  const pkg = Form.useWatch(['packages', name]) as { priceYuan?: number | null; courses?: CourseRef[] } | undefined;
  const sum = (pkg?.courses ?? []).reduce((s, c) => s + c.courseAmount, 0);
  const price = pkg?.priceYuan === null || pkg?.priceYuan === undefined ? null : Math.round(pkg.priceYuan * 100);
  return (
    <Typography.Text type="secondary" data-testid="package-sums">
      课程合计 {money(sum)}
      {price !== null && price <= sum ? `，套餐优惠 ${money(sum - price)}，客户支付 ${money(price)}` : ''}
    </Typography.Text>
  );
}

export default function PackageGiftFields({ projectSn, actSn }: { projectSn: string; actSn?: string }) {
  const [courses, setCourses] = useState<CatalogueListRow[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    if (!projectSn) return;
    let live = true;
    listItems({ projectSn, actType: 'COURSE' })
      .then((list) => live && setCourses(list))
      .catch((e: unknown) => live && setLoadError(messageOf(e)));
    return () => {
      live = false;
    };
  }, [projectSn]);

  return (
    <>
      <Card title="套餐与赠课" style={{ marginBottom: 16 }} className="sf-admin-packages">
        {loadError && <Typography.Paragraph type="danger">课程列表加载失败：{loadError}</Typography.Paragraph>}
        <Form.List name="packages">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Card
                  key={field.key}
                  size="small"
                  style={{ marginBottom: 12 }}
                  title={`套餐 ${field.name + 1}`}
                  data-testid="package-row"
                  extra={
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={`删除套餐 ${field.name + 1}`}
                      onClick={() => remove(field.name)}
                    />
                  }
                >
                  <Space wrap align="start" size="large">
                    <Form.Item name={[field.name, 'packageName']} label="套餐名称">
                      <Input maxLength={40} style={{ width: 220 }} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'priceYuan']} label="套餐价格">
                      <InputNumber min={0} step={1} style={{ width: 180 }} addonAfter="元" />
                    </Form.Item>
                  </Space>
                  <Form.Item name={[field.name, 'courses']} label="包含课程">
                    <CoursePicker
                      courses={courses}
                      exclude={actSn}
                      placeholder="选择本项目的课程"
                      testId="package-courses"
                    />
                  </Form.Item>
                  <PackageSums name={field.name} />
                </Card>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({ packageName: '', priceYuan: null, courses: [] })}>
                添加套餐
              </Button>
            </>
          )}
        </Form.List>
        <Form.Item name="giftCourses" label="赠课" style={{ marginTop: 16 }} extra="下单页“赠课”下列出，不计入金额">
          <CoursePicker courses={courses} exclude={actSn} placeholder="选择赠送的课程" testId="gift-courses" />
        </Form.Item>
      </Card>

      <Card title="成考信息" style={{ marginBottom: 16 }} className="sf-admin-adult-exam">
        <Space wrap size="large">
          <Form.Item name={['adult', 'schoolName']} label="学校">
            <Input maxLength={60} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name={['adult', 'majorLevelStr']} label="层次">
            <Input maxLength={20} style={{ width: 140 }} placeholder="专升本" />
          </Form.Item>
          <Form.Item name={['adult', 'majorName']} label="专业">
            <Input maxLength={60} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="subjectChargeYuan" label="单科费用">
            <InputNumber min={0} step={1} style={{ width: 160 }} addonAfter="元" />
          </Form.Item>
          <Form.Item name="subjectsNum" label="科目数">
            <InputNumber min={1} max={20} precision={0} style={{ width: 120 }} />
          </Form.Item>
        </Space>
        <Typography.Paragraph type="secondary">学校、层次、专业都空着时不显示成考信息。</Typography.Paragraph>
      </Card>
    </>
  );
}
