/**
 * Collect forms (§3 form field, §5 validation, §7 Forms): the form as the storefront renders it, the commit
 * (every field checked with the same rules the storefront uses, contract/rules/fields.ts), the optional SMS phone
 * check (the login code machinery: one code per phone, attempts counted) and one submission per customer where
 * the form says so (a unique index, so two taps at once cannot both land).
 */
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import { ERROR_CODES } from '@contract/common';
import type { FormCommit, FormDetail, FormField, OpsFormInput } from '@contract/form';
import { FIELD_PLACEHOLDERS, fieldInputType, fieldMaxLength, formFieldError } from '@contract/rules/fields';
import { projects } from '../entrance/schema';
import { users } from '../user/schema';
import { formSubmissions, forms, type StoredFormField } from './schema';
import { AppError, badRequest, conflict, notFound } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import type { Session } from '../../runtime/sessions';
import type { RequestLimits } from '../../runtime/limits';
import { consumeCode, issueCode } from '../auth/phone-login';
import type { SmsProvider } from '../auth/providers/sms';

export const FORM_MESSAGES = {
  notFound: '表单不存在或已下线',
  alreadySubmitted: '您已提交过该表单，无需重复提交',
  unknownField: '表单字段不存在，请刷新后重试',
  phoneCodeRequired: '请输入短信验证码',
  noPhoneField: '该表单无需手机验证',
  loginFirst: '请先登录后再提交',
  unknownProject: '项目不存在',
  defaultSuccess: '提交成功，我们会尽快与您联系',
} as const;

export const newSn = (prefix: string) =>
  `${prefix}${Date.now().toString(36).toUpperCase()}${randomBytes(5).toString('hex').toUpperCase()}`;

/** §9: applicant field keys are 6-character ids. */
export const newFieldKey = () => randomBytes(4).toString('base64url').slice(0, 6);

export function toFormField(field: StoredFormField): FormField {
  return {
    nKey: field.nKey,
    keyName: field.keyName,
    label: field.label,
    placeholder: field.placeholder || FIELD_PLACEHOLDERS[field.keyName],
    type: fieldInputType(field.keyName, field.multiline),
    required: field.required,
    multiline: field.multiline,
    idCardType:
      field.keyName === 'IDCARD'
        ? (field.idCardType ?? 'IDCARD')
        : field.keyName === 'IDCARD_OUT'
          ? 'IDCARD_OUT'
          : null,
    value: '',
    maxLength: fieldMaxLength(field.keyName, field.multiline),
  };
}

type FormRow = typeof forms.$inferSelect;

/** A live form of the session's project; another project's form is as absent as a missing one. */
export async function findForm(db: Db, formSn: string, projectSn: string): Promise<FormRow> {
  const [row] = await db
    .select()
    .from(forms)
    .where(and(eq(forms.formSn, formSn), eq(forms.projectSn, projectSn), eq(forms.status, 'ONLINE')))
    .limit(1);
  if (!row) throw notFound(FORM_MESSAGES.notFound);
  return row;
}

async function hasSubmitted(db: Db, formSn: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ sn: formSubmissions.submissionSn })
    .from(formSubmissions)
    .where(and(eq(formSubmissions.formSn, formSn), eq(formSubmissions.onceKey, userId)))
    .limit(1);
  return Boolean(row);
}

export async function formDetail(db: Db, formSn: string, session: Session): Promise<FormDetail> {
  const form = await findForm(db, formSn, session.projectSn);
  return {
    formSn: form.formSn,
    title: form.title,
    description: form.description,
    fields: form.fields.map(toFormField),
    phoneCheck: form.phoneCheck,
    oncePerCustomer: form.oncePerCustomer,
    submitted: form.oncePerCustomer ? await hasSubmitted(db, form.formSn, session.userId) : false,
    successText: form.successText || FORM_MESSAGES.defaultSuccess,
  };
}

/** The PHONE field a phone check confirms (the first one). */
export function phoneFieldOf(form: Pick<FormRow, 'fields'>): StoredFormField | null {
  return form.fields.find((f) => f.keyName === 'PHONE') ?? null;
}

/**
 * Checks every field in the spec's words (400 naming the first bad field, its nKey in info), the phone code when
 * asked, and stores the submission. A form taken once per customer refuses a second one (409).
 */
export async function commitForm(
  db: Db,
  session: Session,
  body: FormCommit,
  guesses?: Pick<RequestLimits, 'guess' | 'guessSucceeded'>,
): Promise<{ submissionSn: string; successText: string }> {
  const form = await findForm(db, body.formSn, session.projectSn);
  const [user] = await db.select().from(users).where(eq(users.userId, session.userId)).limit(1);
  if (!user?.phone) throw new AppError(403, ERROR_CODES.LOGIN_REQUIRED, FORM_MESSAGES.loginFirst);

  const known = new Set(form.fields.map((f) => f.nKey));
  if (Object.keys(body.values).some((k) => !known.has(k))) throw badRequest(FORM_MESSAGES.unknownField);
  const values: Record<string, string> = {};
  for (const stored of form.fields) {
    const field = toFormField(stored);
    const value = (body.values[field.nKey] ?? '').trim();
    const problem = formFieldError(field, value);
    if (problem) throw new AppError(400, ERROR_CODES.BAD_INPUT, problem, { nKey: field.nKey });
    values[field.nKey] = value;
  }
  if (form.oncePerCustomer && (await hasSubmitted(db, form.formSn, session.userId))) {
    throw conflict(FORM_MESSAGES.alreadySubmitted, ERROR_CODES.FORM_ALREADY_SUBMITTED);
  }

  const phoneField = form.phoneCheck ? phoneFieldOf(form) : null;
  const checkedPhone = phoneField ? values[phoneField.nKey] : null;
  if (phoneField && !body.phoneCode?.trim())
    throw new AppError(400, ERROR_CODES.BAD_INPUT, FORM_MESSAGES.phoneCodeRequired, { nKey: phoneField.nKey });

  if (checkedPhone) await guesses?.guess(checkedPhone);
  const submissionSn = newSn('FS');
  type Outcome = { ok: true } | { ok: false; error: AppError };
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    if (checkedPhone) {
      const refused = await consumeCode(tx, checkedPhone, body.phoneCode!.trim());
      if (refused) return { ok: false, error: refused };
    }
    const inserted = await tx
      .insert(formSubmissions)
      .values({
        submissionSn,
        formSn: form.formSn,
        userId: session.userId,
        onceKey: form.oncePerCustomer ? session.userId : null,
        values,
        checkedPhone,
        sourceType: body.sourceType || null,
        targetSn: body.targetSn || null,
      })
      .onConflictDoNothing()
      .returning({ sn: formSubmissions.submissionSn });
    if (!inserted.length) throw conflict(FORM_MESSAGES.alreadySubmitted, ERROR_CODES.FORM_ALREADY_SUBMITTED);
    return { ok: true };
  });
  // A wrong code's attempt is committed (the transaction returned), then refused.
  if (!outcome.ok) throw outcome.error;
  if (checkedPhone) await guesses?.guessSucceeded(checkedPhone);
  return { submissionSn, successText: form.successText || FORM_MESSAGES.defaultSuccess };
}

/**
 * The SMS code that confirms the form's phone, with the same code rules and limits as login. Only a form that asks
 * for a phone check sends one.
 */
export async function sendPhoneCheckCode(
  db: Db,
  sms: SmsProvider,
  limits: Pick<RequestLimits, 'smsSend' | 'codeSent'>,
  input: { formSn: string; phone: string; session: Session; ip: string },
): Promise<{ resendAfter: number }> {
  const form = await findForm(db, input.formSn, input.session.projectSn);
  if (!form.phoneCheck || !phoneFieldOf(form)) throw badRequest(FORM_MESSAGES.noPhoneField);
  await limits.smsSend(input.ip, input.phone);
  const sent = await issueCode(db, sms, input.phone);
  // Counted in the phone's daily budget like a login code: the same phone, the same SMS.
  await limits.codeSent(input.phone);
  return sent;
}

export async function createForm(db: Db, input: OpsFormInput): Promise<typeof forms.$inferSelect> {
  const [project] = await db.select().from(projects).where(eq(projects.projectSn, input.projectSn)).limit(1);
  if (!project) throw notFound(FORM_MESSAGES.unknownProject, ERROR_CODES.UNKNOWN_PROJECT);
  const fields: StoredFormField[] = input.fields.map((f) => ({
    nKey: newFieldKey(),
    keyName: f.keyName,
    label: f.label,
    placeholder: f.placeholder || null,
    required: f.required,
    multiline: f.multiline,
    idCardType: f.keyName === 'IDCARD' ? (f.idCardType ?? 'IDCARD') : null,
  }));
  if (input.phoneCheck && !fields.some((f) => f.keyName === 'PHONE' && f.required))
    throw badRequest('手机验证需要一个必填的手机号字段');
  const [row] = await db
    .insert(forms)
    .values({
      formSn: newSn('F'),
      projectSn: input.projectSn,
      title: input.title,
      description: input.description || null,
      fields,
      phoneCheck: input.phoneCheck,
      oncePerCustomer: input.oncePerCustomer,
      successText: input.successText || null,
    })
    .returning();
  return row;
}

export async function listForms(db: Db, projectSn: string) {
  const rows = await db.select().from(forms).where(eq(forms.projectSn, projectSn)).orderBy(desc(forms.createdAt));
  const out = [];
  for (const row of rows) {
    const [{ n }] = await db.select({ n: count() }).from(formSubmissions).where(eq(formSubmissions.formSn, row.formSn));
    out.push({
      formSn: row.formSn,
      projectSn: row.projectSn,
      title: row.title,
      fields: row.fields.map(toFormField),
      phoneCheck: row.phoneCheck,
      oncePerCustomer: row.oncePerCustomer,
      submissions: n,
      createdAt: row.createdAt.toISOString(),
    });
  }
  return out;
}

export async function listSubmissions(db: Db, formSn: string) {
  const [form] = await db.select().from(forms).where(eq(forms.formSn, formSn)).limit(1);
  if (!form) throw notFound(FORM_MESSAGES.notFound);
  const rows = await db
    .select({ s: formSubmissions, phone: users.phone })
    .from(formSubmissions)
    .innerJoin(users, eq(users.userId, formSubmissions.userId))
    .where(eq(formSubmissions.formSn, formSn))
    .orderBy(desc(formSubmissions.createdAt));
  return {
    form,
    list: rows.map(({ s, phone }) => ({
      submissionSn: s.submissionSn,
      userId: s.userId,
      phone,
      values: s.values,
      sourceType: s.sourceType,
      targetSn: s.targetSn,
      createdAt: s.createdAt.toISOString(),
    })),
  };
}
