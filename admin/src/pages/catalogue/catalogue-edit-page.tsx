/**
 * One catalogue item (/catalogue/new, /catalogue/:actSn): 基本信息, 价格与套餐, 套餐与赠课 and 成考信息 (a lazy
 * chunk), 定金/分期, 配送与运费, 退款标签, 库存.
 * Amounts are typed in yuan and sent as fen. The publish rule's messages show beside the form as it is typed, and
 * a refused publish shows the server's; the form keeps everything typed either way.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { ArrowLeftOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Spin,
  Typography,
} from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { CATALOGUE_STATE_TEXT, catalogueItemFields, type CatalogueItemInput } from '@contract/ops-catalogue';
import { REFUND_TAGS } from '@contract/constants';
import {
  MAX_INSTALLMENTS,
  MIN_INSTALLMENTS,
  evenPlan,
  payableOf,
  publishProblems,
} from '@contract/rules/catalogue-publish';
import { mayAccess } from '@contract/rules/operator-roles';
import { messageOf } from '../../api/client';
import { createItem, getItem, publishItem, saveItem, unpublishItem, type CatalogueItem } from '../../api/catalogue';
import { zodRule } from '../../forms/zod-rule';
import CatalogueExtras from './catalogue-extras';
import { stockFieldHint } from './stock-text';
import type { CourseRef } from './package-gift-fields';
import { useProjects } from '../../projects/project-context';
import { ImageUploadField } from '../../forms/image-upload-field';
import { useOperator } from '../../session/session-context';

// Its own chunk: the edit route's first load is near the 500 KB budget (docs/admin.md).
const PackageGiftFields = lazy(() => import('./package-gift-fields'));

interface FormValues {
  actName: string;
  actType: 'ACTIVITY' | 'COURSE' | 'GOODS';
  cover: string;
  summary?: string;
  introduce?: string;
  schedule?: string;
  priceYuan?: number | null;
  originalPriceYuan?: number | null;
  courseDiscountYuan?: number | null;
  tags?: string[];
  orderPayType: 1 | 2 | 3;
  depositYuan?: number | null;
  finalDueDays?: number | null;
  plan?: { amountYuan?: number | null; dueDays?: number | null }[];
  deliveryType: 1 | 4;
  freightYuan?: number | null;
  refundTags?: number[];
  stock?: number | null;
  packages?: { packageSn?: string; packageName?: string; priceYuan?: number | null; courses?: CourseRef[] }[];
  giftCourses?: CourseRef[];
  adult?: { schoolName?: string; majorLevelStr?: string; majorName?: string };
  subjectChargeYuan?: number | null;
  subjectsNum?: number | null;
}

const fen = (yuan: number | null | undefined) => (yuan === null || yuan === undefined ? NaN : Math.round(yuan * 100));
const yuan = (f: number | null | undefined) => (f === null || f === undefined ? null : f / 100);

/** The §3 adult-exam block, or null when none of its three fields is typed. */
function adultOf(a: FormValues['adult']): CatalogueItemInput['adultExamination'] {
  const schoolName = a?.schoolName?.trim() ?? '';
  const majorLevelStr = a?.majorLevelStr?.trim() ?? '';
  const majorName = a?.majorName?.trim() ?? '';
  return schoolName || majorLevelStr || majorName ? { schoolName, majorLevelStr, majorName } : null;
}

/** What the server takes, from what is typed (the pictures kept as loaded). */
function toInput(v: FormValues, kept: Pick<CatalogueItemInput, 'images'>) {
  const input: CatalogueItemInput = {
    actName: v.actName ?? '',
    actType: v.actType,
    cover: v.cover ?? '',
    images: kept.images,
    summary: v.summary ?? '',
    introduce: v.introduce ?? '',
    schedule: v.schedule?.trim() ? v.schedule : null,
    price: fen(v.priceYuan),
    originalPrice: v.originalPriceYuan === null || v.originalPriceYuan === undefined ? null : fen(v.originalPriceYuan),
    courseDiscountAmount: v.courseDiscountYuan ? fen(v.courseDiscountYuan) : 0,
    tags: v.tags ?? [],
    refundTags: v.refundTags ?? [],
    orderPayType: v.orderPayType,
    depositAmount: v.orderPayType === 2 ? fen(v.depositYuan) : null,
    finalDueDays: v.orderPayType === 2 ? (v.finalDueDays ?? null) : null,
    installmentPlan:
      v.orderPayType === 3 ? (v.plan ?? []).map((r) => ({ amount: fen(r.amountYuan), dueDays: r.dueDays ?? NaN })) : [],
    deliveryType: v.deliveryType,
    freight: v.deliveryType === 1 ? fen(v.freightYuan ?? 0) : 0,
    packages: (v.packages ?? []).map((p) => ({
      ...(p.packageSn ? { packageSn: p.packageSn } : {}),
      packageName: p.packageName ?? '',
      price: fen(p.priceYuan),
      courses: p.courses ?? [],
    })),
    giftCourses: v.giftCourses ?? [],
    adultExamination: adultOf(v.adult),
    subjectCharge: v.subjectChargeYuan === null || v.subjectChargeYuan === undefined ? null : fen(v.subjectChargeYuan),
    subjectsNum: v.subjectsNum ?? null,
    stock: v.stock ?? null,
  };
  return input;
}

function toValues(item: CatalogueItem): FormValues {
  return {
    actName: item.actName,
    actType: item.actType === 'INTEGRAL' ? 'GOODS' : item.actType,
    cover: item.cover,
    summary: item.summary,
    introduce: item.introduce,
    schedule: item.schedule ?? '',
    priceYuan: yuan(item.price),
    originalPriceYuan: yuan(item.originalPrice),
    courseDiscountYuan: yuan(item.courseDiscountAmount),
    tags: item.tags,
    orderPayType: item.orderPayType,
    depositYuan: yuan(item.depositAmount),
    finalDueDays: item.finalDueDays,
    plan: item.installmentPlan.map((r) => ({ amountYuan: yuan(r.amount), dueDays: r.dueDays })),
    deliveryType: item.deliveryType,
    freightYuan: yuan(item.freight),
    refundTags: item.refundTags,
    stock: item.stock,
    packages: item.packages.map((p) => ({
      packageSn: p.packageSn,
      packageName: p.packageName,
      priceYuan: yuan(p.price),
      courses: p.courses,
    })),
    giftCourses: item.giftCourses,
    adult: item.adultExamination ?? {},
    subjectChargeYuan: yuan(item.subjectCharge),
    subjectsNum: item.subjectsNum,
  };
}

const NEW_VALUES: FormValues = {
  actName: '',
  actType: 'COURSE',
  cover: '',
  orderPayType: 1,
  deliveryType: 4,
  plan: [],
  tags: [],
  refundTags: [],
  packages: [],
  giftCourses: [],
};

// No fixed precision: a typed 600 stays 600 (fen() rounds to the cent when sent).
const yuanInput = { min: 0, step: 1, style: { width: 180 }, addonAfter: '元' } as const;

export default function CatalogueEditPage() {
  const { actSn } = useParams();
  const isNew = !actSn || actSn === 'new';
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { current } = useProjects();
  const operator = useOperator();
  const mayWrite = mayAccess(operator.role, 'catalogue', 'write');
  const [form] = Form.useForm<FormValues>();
  const [item, setItem] = useState<CatalogueItem | null>(null);
  const [loading, setLoading] = useState(!isNew);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const values = Form.useWatch([], form) as FormValues | undefined;

  const load = useCallback(async () => {
    if (isNew) return;
    setLoading(true);
    try {
      const loaded = await getItem(actSn);
      setItem(loaded);
      form.setFieldsValue(toValues(loaded));
    } catch (e) {
      message.error(messageOf(e));
    } finally {
      setLoading(false);
    }
  }, [actSn, isNew, form, message]);
  useEffect(() => void load(), [load]);

  const kept = useMemo(() => ({ images: item?.images ?? [] }), [item]);
  const live = values ? toInput({ ...NEW_VALUES, ...values }, kept) : null;
  const problems = live ? publishProblems({ ...live, ...defaultsOf(live) }) : [];

  /** Saves (creating first when new); answers the saved item, or null when refused (the message shows). */
  const save = async (): Promise<CatalogueItem | null> => {
    setRefusal(null);
    try {
      await form.validateFields();
    } catch {
      return null;
    }
    const input = toInput(form.getFieldsValue(true) as FormValues, kept);
    const parsed = catalogueItemFields.safeParse(input);
    if (!parsed.success) {
      setRefusal(parsed.error.issues[0]?.message ?? '输入有误');
      return null;
    }
    setBusy(true);
    try {
      const saved = isNew ? await createItem(current?.projectSn ?? '', input) : await saveItem(actSn, input);
      setItem(saved);
      if (isNew) void navigate(`/catalogue/${encodeURIComponent(saved.actSn)}`, { replace: true });
      return saved;
    } catch (e) {
      setRefusal(messageOf(e));
      return null;
    } finally {
      setBusy(false);
    }
  };

  const onSave = async () => {
    if (await save()) message.success('保存成功');
  };
  const onPublish = async () => {
    const saved = await save();
    if (!saved) return;
    setBusy(true);
    try {
      setItem(await publishItem(saved.actSn));
      message.success('已上架');
    } catch (e) {
      setRefusal(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  const onUnpublish = async () => {
    if (!item) return;
    setBusy(true);
    try {
      setItem(await unpublishItem(item.actSn));
      message.success('已下架');
    } catch (e) {
      setRefusal(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  const spread = () => {
    const n = form.getFieldValue('plan')?.length || 3;
    const count = Math.min(MAX_INSTALLMENTS, Math.max(MIN_INSTALLMENTS, n));
    const total = live ? payableOf({ ...live, ...defaultsOf(live) }) : 0;
    if (!Number.isFinite(total) || total <= 0) {
      message.warning('请先填写售价');
      return;
    }
    form.setFieldValue(
      'plan',
      evenPlan(total, count).map((r) => ({ amountYuan: r.amount / 100, dueDays: r.dueDays })),
    );
  };

  const archived = item?.state === 'ARCHIVED';
  const readOnly = !mayWrite || archived;
  const title = isNew ? '新建商品' : (item?.actName ?? '商品');

  return (
    <PageContainer
      className="sf-admin-catalogue-edit"
      title={title}
      subTitle={item ? CATALOGUE_STATE_TEXT[item.state] : undefined}
      extra={[
        <Link key="back" to="/catalogue">
          <ArrowLeftOutlined /> 返回列表
        </Link>,
      ]}
    >
      <Spin spinning={loading}>
        {archived && (
          <Alert type="warning" showIcon message="已归档的商品不能修改或上架" style={{ marginBottom: 16 }} />
        )}
        <Form<FormValues>
          form={form}
          layout="vertical"
          initialValues={NEW_VALUES}
          disabled={readOnly || busy}
          scrollToFirstError
        >
          <Card title="基本信息" style={{ marginBottom: 16 }}>
            <Form.Item name="actType" label="类型">
              <Radio.Group
                options={[
                  { value: 'COURSE', label: '课程' },
                  { value: 'ACTIVITY', label: '活动' },
                  { value: 'GOODS', label: '商品' },
                ]}
              />
            </Form.Item>
            <Form.Item name="actName" label="名称" rules={[zodRule(catalogueItemFields.shape.actName)]}>
              <Input maxLength={60} />
            </Form.Item>
            <Form.Item
              name="cover"
              label="封面图"
              extra="上传图片，或填写 https 地址"
              rules={[zodRule(catalogueItemFields.shape.cover)]}
            >
              <ImageUploadField projectSn={current?.projectSn ?? ''} />
            </Form.Item>
            <Form.Item name="summary" label="简介">
              <Input.TextArea maxLength={200} autoSize={{ minRows: 2 }} />
            </Form.Item>
            <Form.Item name="schedule" label="活动时间">
              <Input maxLength={60} placeholder="每周三 19:30 集合" />
            </Form.Item>
            <Form.Item name="tags" label="标签" extra="“包邮”须配合快递配送且运费为 0">
              <Select mode="tags" maxCount={6} tokenSeparators={[',', '，']} />
            </Form.Item>
            <Form.Item name="introduce" label="图文介绍（HTML，保存时按商城同一规则清理）">
              <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} />
            </Form.Item>
          </Card>

          <Card title="价格与套餐" style={{ marginBottom: 16 }}>
            <Space wrap size="large">
              <Form.Item name="priceYuan" label="售价" rules={[{ required: true, message: '请填写售价' }]}>
                <InputNumber {...yuanInput} />
              </Form.Item>
              <Form.Item name="originalPriceYuan" label="划线价">
                <InputNumber {...yuanInput} />
              </Form.Item>
              <Form.Item name="courseDiscountYuan" label="课程优惠">
                <InputNumber {...yuanInput} />
              </Form.Item>
            </Space>
          </Card>

          <Suspense fallback={<Spin style={{ display: 'block', marginBottom: 16 }} />}>
            <PackageGiftFields projectSn={item?.projectSn ?? current?.projectSn ?? ''} actSn={item?.actSn} />
          </Suspense>

          <Card title="定金/分期" style={{ marginBottom: 16 }}>
            <Form.Item name="orderPayType" label="付款方式">
              <Radio.Group
                options={[
                  { value: 1, label: '全款' },
                  { value: 2, label: '定金 + 尾款' },
                  { value: 3, label: '分期' },
                ]}
              />
            </Form.Item>
            {values?.orderPayType === 2 && (
              <Space wrap size="large">
                <Form.Item name="depositYuan" label="定金" rules={[{ required: true, message: '请填写定金' }]}>
                  <InputNumber {...yuanInput} />
                </Form.Item>
                <Form.Item name="finalDueDays" label="尾款期限（下单后天数）">
                  <InputNumber min={1} max={365} precision={0} addonAfter="天" />
                </Form.Item>
              </Space>
            )}
            {values?.orderPayType === 3 && (
              <Form.List name="plan">
                {(fields, { add, remove }) => (
                  <>
                    {fields.map((field, i) => (
                      <Space key={field.key} align="baseline" data-testid={`plan-row-${i + 1}`}>
                        <Typography.Text style={{ width: 56, display: 'inline-block' }}>第 {i + 1} 期</Typography.Text>
                        <Form.Item name={[field.name, 'amountYuan']} label="金额">
                          <InputNumber {...yuanInput} aria-label={`第 ${i + 1} 期金额`} />
                        </Form.Item>
                        <Form.Item name={[field.name, 'dueDays']} label="下单后天数">
                          <InputNumber
                            min={0}
                            max={3650}
                            precision={0}
                            addonAfter="天"
                            aria-label={`第 ${i + 1} 期天数`}
                          />
                        </Form.Item>
                        <Button
                          icon={<DeleteOutlined />}
                          aria-label={`删除第 ${i + 1} 期`}
                          disabled={fields.length <= MIN_INSTALLMENTS}
                          onClick={() => remove(field.name)}
                        />
                      </Space>
                    ))}
                    <Space>
                      <Button
                        icon={<PlusOutlined />}
                        disabled={fields.length >= MAX_INSTALLMENTS}
                        onClick={() => add({ amountYuan: null, dueDays: fields.length ? fields.length * 30 : 0 })}
                      >
                        添加一期
                      </Button>
                      <Button onClick={spread}>按期数平均分配</Button>
                    </Space>
                  </>
                )}
              </Form.List>
            )}
          </Card>

          <Card title="配送与运费" style={{ marginBottom: 16 }}>
            <Form.Item name="deliveryType" label="配送方式">
              <Radio.Group
                options={[
                  { value: 4, label: '无需配送' },
                  { value: 1, label: '快递配送' },
                ]}
              />
            </Form.Item>
            {values?.deliveryType === 1 && (
              <Form.Item name="freightYuan" label="运费（0 即包邮）">
                <InputNumber {...yuanInput} />
              </Form.Item>
            )}
          </Card>

          <Card title="退款标签" style={{ marginBottom: 16 }}>
            <Form.Item name="refundTags">
              <Checkbox.Group
                options={Object.entries(REFUND_TAGS).map(([value, label]) => ({ value: Number(value), label }))}
              />
            </Form.Item>
          </Card>

          <Card title="库存" style={{ marginBottom: 16 }}>
            <Space size="large">
              <Form.Item
                name="stock"
                label="总库存（含已售出，留空为不限）"
                extra={item ? stockFieldHint(values?.stock, item.sold) : undefined}
              >
                <InputNumber min={0} precision={0} style={{ width: 180 }} />
              </Form.Item>
            </Space>
          </Card>
        </Form>

        {problems.length > 0 && !readOnly && (
          <Alert
            type="info"
            showIcon
            message="上架前还需处理"
            description={
              <ul style={{ margin: 0, paddingLeft: 20 }}>
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            }
            style={{ marginBottom: 16 }}
          />
        )}
        {/* Beside the buttons, where the operator looks after asking: the form above keeps what was typed. */}
        {refusal && (
          <Alert
            type="error"
            showIcon
            closable
            onClose={() => setRefusal(null)}
            message={refusal}
            style={{ marginBottom: 16 }}
            data-testid="catalogue-refusal"
          />
        )}
        {!readOnly && (
          <Space>
            <Button onClick={() => void onSave()} loading={busy}>
              保存
            </Button>
            {item?.state === 'ONLINE' ? (
              <Button onClick={() => void onUnpublish()} loading={busy}>
                下架
              </Button>
            ) : (
              <Button type="primary" onClick={() => void onPublish()} loading={busy}>
                保存并上架
              </Button>
            )}
          </Space>
        )}
        {item && <CatalogueExtras actSn={item.actSn} readOnly={readOnly} />}
      </Spin>
    </PageContainer>
  );
}

/** The rule reads defaults for what the form may leave empty. */
function defaultsOf(input: CatalogueItemInput) {
  return {
    originalPrice: input.originalPrice ?? null,
    courseDiscountAmount: input.courseDiscountAmount ?? 0,
    freight: input.freight ?? 0,
    tags: input.tags ?? [],
    packages: input.packages ?? [],
    installmentPlan: input.installmentPlan ?? [],
  };
}
