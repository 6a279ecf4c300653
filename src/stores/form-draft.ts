/**
 * Collect forms in progress, keyed by formSn: what was typed survives a failed commit and leaving the page (the
 * same store instance is found again), and is dropped only after a successful commit. Per-field errors are in
 * the spec's words (§5), computed with the rules the server applies (contract/rules/fields.ts).
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { FormDetail, FormField } from '@contract/form';
import { formErrors, formFieldError, PHONE_LENGTH } from '@contract/rules/fields';
import type { Api } from '../api';
import { ApiError } from '../api/request';
import { errorMessage } from '../api/error-message';
import { onePerRoot } from './per-root';

export const FORM_TEXTS = {
  loadFailed: '表单加载失败，请重试',
  commitFailed: '提交失败，请重试',
  phoneCodeRequired: '请输入短信验证码',
  codeSent: '验证码已发送',
  alreadySubmitted: '您已提交过该表单',
} as const;

export type CommitOutcome =
  { type: 'done'; successText: string } | { type: 'invalid'; message: string } | { type: 'failed'; message: string };

export class FormDraft {
  form: FormDetail | null = null;
  loading = false;
  loadError: string | null = null;
  values: Record<string, string> = {};
  /** Errors shown under fields: set for a field once it was left or a commit was tried. */
  errors: Record<string, string> = {};
  phoneCode = '';
  /** Seconds until another code may be asked for. */
  codeWait = 0;
  committing = false;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly api: Api,
    readonly formSn: string,
  ) {
    makeAutoObservable<FormDraft, 'api' | 'timer'>(this, { api: false, formSn: false, timer: false });
  }

  get fields(): FormField[] {
    return this.form?.fields ?? [];
  }

  get phoneField(): FormField | null {
    return this.form?.phoneCheck ? (this.fields.find((f) => f.keyName === 'PHONE') ?? null) : null;
  }

  /** Loads the form; typed values are kept when the form is loaded again. */
  async load(query: { sourceType?: string; targetSn?: string }): Promise<void> {
    this.loading = true;
    this.loadError = null;
    try {
      const form = await this.api.form.detail(this.formSn, query);
      runInAction(() => {
        this.form = form;
        for (const f of form.fields) if (this.values[f.nKey] === undefined) this.values[f.nKey] = f.value || '';
      });
    } catch (err) {
      runInAction(() => (this.loadError = errorMessage(err, FORM_TEXTS.loadFailed)));
    } finally {
      runInAction(() => (this.loading = false));
    }
  }

  setValue(nKey: string, value: string): void {
    this.values[nKey] = value;
    // A shown error goes away as soon as the value is right; it does not appear while typing.
    if (this.errors[nKey]) this.check(nKey);
  }

  /** Checks one field (when it is left). */
  check(nKey: string): void {
    const field = this.fields.find((f) => f.nKey === nKey);
    if (!field) return;
    const problem = formFieldError(field, this.values[nKey]);
    if (problem) this.errors[nKey] = problem;
    else delete this.errors[nKey];
  }

  setPhoneCode(code: string): void {
    this.phoneCode = code.replace(/\D/g, '').slice(0, 6);
  }

  /** Sends the phone check code to the PHONE field's number; returns the text to show. */
  async sendCode(): Promise<string> {
    const field = this.phoneField;
    if (!field || this.codeWait > 0) return '';
    this.check(field.nKey);
    if (this.errors[field.nKey]) return this.errors[field.nKey];
    try {
      const { resendAfter } = await this.api.form.sendPhoneCode(
        this.formSn,
        (this.values[field.nKey] || '').trim().slice(0, PHONE_LENGTH),
      );
      runInAction(() => this.startWait(resendAfter));
      return FORM_TEXTS.codeSent;
    } catch (err) {
      return errorMessage(err, FORM_TEXTS.commitFailed);
    }
  }

  private startWait(seconds: number): void {
    this.codeWait = seconds;
    if (this.timer) clearInterval(this.timer);
    this.timer = setInterval(() => {
      runInAction(() => {
        this.codeWait = Math.max(0, this.codeWait - 1);
        if (this.codeWait === 0 && this.timer) {
          clearInterval(this.timer);
          this.timer = null;
        }
      });
    }, 1000);
  }

  /**
   * Checks every field (all errors shown at once, the first one returned), then commits. A refusal by the server
   * marks the field it names; the typed values stay either way.
   */
  async commit(query: { sourceType?: string; targetSn?: string }): Promise<CommitOutcome> {
    if (!this.form || this.committing) return { type: 'failed', message: '' };
    const errors = formErrors(this.fields, this.values);
    this.errors = errors;
    const first = this.fields.find((f) => errors[f.nKey]);
    if (first) return { type: 'invalid', message: errors[first.nKey] };
    if (this.phoneField && !this.phoneCode) return { type: 'invalid', message: FORM_TEXTS.phoneCodeRequired };
    this.committing = true;
    try {
      const values: Record<string, string> = {};
      for (const f of this.fields) values[f.nKey] = (this.values[f.nKey] || '').trim();
      const result = await this.api.form.commit({
        formSn: this.formSn,
        values,
        phoneCode: this.phoneField ? this.phoneCode : undefined,
        ...query,
      });
      return { type: 'done', successText: result.successText };
    } catch (err) {
      const message = errorMessage(err, FORM_TEXTS.commitFailed);
      // A refusal that names a field is shown under it too, in the words of the toast.
      const nKey = err instanceof ApiError ? (err.info as { nKey?: unknown } | null | undefined)?.nKey : undefined;
      if (typeof nKey === 'string') runInAction(() => (this.errors[nKey] = message));
      return { type: 'failed', message };
    } finally {
      runInAction(() => (this.committing = false));
    }
  }
}

export class FormDraftStore {
  private drafts = new Map<string, FormDraft>();
  /** What the success page says for the form just committed (never taken from the URL, which anyone can write). */
  private lastSuccess: { formSn: string; text: string } | null = null;

  constructor(private readonly api: Api) {}

  draftFor(formSn: string): FormDraft {
    let draft = this.drafts.get(formSn);
    if (!draft) {
      draft = new FormDraft(this.api, formSn);
      this.drafts.set(formSn, draft);
    }
    return draft;
  }

  /**
   * After a successful commit the draft is done (a new visit starts empty); the success text is kept for the result
   * page.
   */
  committed(formSn: string, successText: string): void {
    this.drafts.delete(formSn);
    this.lastSuccess = { formSn, text: successText };
  }

  successText(formSn: string): string | null {
    return this.lastSuccess?.formSn === formSn ? this.lastSuccess.text : null;
  }
}

/**
 * The app's collect-form drafts, made by the first form page (stores/per-root); what was typed lives as long as the
 * app.
 */
export const formDraftsOf = onePerRoot((root: { readonly api: Api }) => new FormDraftStore(root.api));
