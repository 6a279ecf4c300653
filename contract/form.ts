/**
 * Collect forms (§3 form field, §5 collect-form validation, §7 Forms): the form as the server describes it,
 * the commit, the optional SMS phone check, and the operator's calls (create, list submissions).
 */
import { z } from 'zod';
import { PHONE_PATTERN, signedFields } from './common';
import { FIELD_KEY_NAMES } from './rules/fields';

export const fieldKeyNameSchema = z.enum(FIELD_KEY_NAMES);
/** The input the field renders: number keypad (PHONE, NUMBER), ID keypad, text, or a multi-line textarea. */
export const FIELD_INPUT_TYPES = ['text', 'number', 'idcard', 'textarea'] as const;

export const formFieldSchema = z.object({
  /** The field's id in the submitted values (6 characters, §9). */
  nKey: z.string(),
  keyName: fieldKeyNameSchema,
  label: z.string(),
  placeholder: z.string(),
  type: z.enum(FIELD_INPUT_TYPES),
  required: z.boolean(),
  multiline: z.boolean(),
  /** IDCARD fields: IDCARD (mainland, checked) or IDCARD_OUT (non-mainland, up to 50 characters). */
  idCardType: z.enum(['IDCARD', 'IDCARD_OUT']).nullable(),
  /** Pre-filled value (echo), '' when none. */
  value: z.string(),
  maxLength: z.number().int(),
});
export type FormField = z.infer<typeof formFieldSchema>;

export const formSnParams = z.object({ formSn: z.string().trim().min(1, '缺少表单编号').max(64, '表单编号过长') });

export const formDetailQuery = z.object({
  ...signedFields,
  /** Where the form was opened from (e.g. ACTIVITY, BANNER); kept with the submission. */
  sourceType: z.string().max(32, '来源类型过长').optional(),
  targetSn: z.string().max(64, '来源编号过长').optional(),
});

export const formDetailSchema = z.object({
  formSn: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  fields: z.array(formFieldSchema),
  /** The PHONE field must be confirmed by an SMS code before commit. */
  phoneCheck: z.boolean(),
  /** One submission per customer. */
  oncePerCustomer: z.boolean(),
  /** This customer has already submitted (only meaningful when oncePerCustomer). */
  submitted: z.boolean(),
  /** What collectFormSuccess says after a commit. */
  successText: z.string(),
});
export type FormDetail = z.infer<typeof formDetailSchema>;

/** Largest value of any field; IDCARD_OUT and PHONE have their own smaller limits (contract/rules/fields.ts). */
export const FORM_VALUE_MAX = 500;

export const formCommitBody = z.object({
  ...signedFields,
  formSn: z.string({ error: '缺少表单编号' }).trim().min(1, '缺少表单编号').max(64, '表单编号过长'),
  /** nKey -> typed value. */
  values: z
    .record(z.string().max(16), z.string().max(FORM_VALUE_MAX, `填写内容不能超过${FORM_VALUE_MAX}个字`))
    .refine((v) => Object.keys(v).length <= 64, '表单字段过多'),
  /** The SMS code of the PHONE field, when the form asks for a phone check. */
  phoneCode: z.string().max(8).optional(),
  sourceType: z.string().max(32, '来源类型过长').optional(),
  targetSn: z.string().max(64, '来源编号过长').optional(),
});
export type FormCommit = z.infer<typeof formCommitBody>;
export const formCommitInfo = z.object({ submissionSn: z.string(), successText: z.string() });
export type FormCommitInfo = z.infer<typeof formCommitInfo>;

export const formPhoneCodeBody = z.object({
  ...signedFields,
  formSn: z.string({ error: '缺少表单编号' }).trim().min(1, '缺少表单编号').max(64, '表单编号过长'),
  phone: z
    .string({ error: '请输入手机号码' })
    .trim()
    .min(1, '请输入手机号码')
    .regex(PHONE_PATTERN, '请输入正确的手机号码'),
});
export const formPhoneCodeInfo = z.object({ resendAfter: z.number().int() });

/** Operator: a new form. nKeys are made by the server. */
export const opsFormFieldInput = z.object({
  keyName: fieldKeyNameSchema,
  label: z.string().trim().min(1, '请填写字段名称').max(20, '字段名称不能超过20个字'),
  placeholder: z.string().trim().max(40, '提示文字不能超过40个字').optional(),
  required: z.boolean().default(true),
  multiline: z.boolean().default(false),
  idCardType: z.enum(['IDCARD', 'IDCARD_OUT']).optional(),
});
export const opsFormBody = z.object({
  projectSn: z.string().trim().min(1, '缺少项目编号').max(64),
  title: z.string().trim().min(1, '请填写表单标题').max(40, '表单标题不能超过40个字'),
  description: z.string().trim().max(500, '表单说明不能超过500个字').optional(),
  fields: z.array(opsFormFieldInput).min(1, '表单至少需要一个字段').max(30, '表单字段不能超过30个'),
  phoneCheck: z.boolean().default(false),
  oncePerCustomer: z.boolean().default(false),
  successText: z.string().trim().max(100, '成功提示不能超过100个字').optional(),
});
export type OpsFormInput = z.infer<typeof opsFormBody>;
export const opsProjectQuery = z.object({ projectSn: z.string().trim().min(1, '缺少项目编号').max(64) });
export const opsFormSummary = z.object({
  formSn: z.string(),
  projectSn: z.string(),
  title: z.string(),
  fields: z.array(formFieldSchema),
  phoneCheck: z.boolean(),
  oncePerCustomer: z.boolean(),
  submissions: z.number().int(),
  createdAt: z.string(),
});
export const opsFormList = z.object({ list: z.array(opsFormSummary) });
export const opsSubmissionsQuery = z.object({ format: z.enum(['json', 'csv']).default('json') });
export const opsSubmission = z.object({
  submissionSn: z.string(),
  userId: z.string(),
  phone: z.string().nullable(),
  values: z.record(z.string(), z.string()),
  sourceType: z.string().nullable(),
  targetSn: z.string().nullable(),
  createdAt: z.string(),
});
export const opsSubmissionList = z.object({ list: z.array(opsSubmission) });
