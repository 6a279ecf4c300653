import { Input, View } from '@tarojs/components';
import Taro, { useLoad, useRouter } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import EmptyView from '../../components/empty-view';
import PageShell from '../../components/page-shell';
import Skeleton from '../../components/skeleton';
import { decodeParam, ROUTES } from '../../domain/routes';
import { openPage } from '../../platform/navigation';
import { setPageTitle, toast } from '../../platform/ui';
import { useStores } from '../../stores';
import { formDraftsOf, FORM_TEXTS } from '../../stores/form-draft';
import FormFieldRow from './form-field';
import './collectForms.scss';

/**
 * §2 collect form (query formSn, optional sourceType and targetSn): the server's fields with their input types
 * and textarea, each field's error in §5's words, an optional SMS phone check, then collectFormSuccess. What was
 * typed lives in the form's draft (stores/form-draft.ts), so a failed commit or leaving the page loses nothing.
 */
function CollectForms() {
  const formDrafts = formDraftsOf(useStores());
  const { params } = useRouter();
  const formSn = decodeParam(params.formSn || params.targetSn);
  const query = {
    sourceType: decodeParam(params.sourceType) || undefined,
    targetSn: params.formSn ? decodeParam(params.targetSn) || undefined : undefined,
  };
  const draft = formDrafts.draftFor(formSn);

  useLoad(() => {
    if (formSn) void draft.load(query).then(() => setPageTitle(draft.form?.title || '信息登记'));
  });

  async function commit() {
    const outcome = await draft.commit(query);
    if (outcome.type === 'done') {
      formDrafts.committed(formSn, outcome.successText);
      await openPage(ROUTES.collectFormSuccess, { formSn }, 'replace');
      return;
    }
    toast(outcome.message);
  }

  async function sendCode() {
    const text = await draft.sendCode();
    if (text) toast(text, text === FORM_TEXTS.codeSent ? 'success' : 'none');
  }

  const form = draft.form;
  let body;
  if (!formSn) body = <EmptyView text="表单不存在或已下线" />;
  else if (!form && draft.loadError)
    body = <EmptyView text={draft.loadError} actionText="重新加载" onAction={() => void draft.load(query)} />;
  else if (!form) body = <Skeleton variant="lines" count={6} id="collect-skeleton" />;
  else if (form.oncePerCustomer && form.submitted)
    body = (
      <EmptyView
        text={FORM_TEXTS.alreadySubmitted}
        actionText="返回"
        onAction={() => void Taro.navigateBack().catch(() => undefined)}
      />
    );
  else {
    const phoneField = draft.phoneField;
    body = (
      <View className="sf-collect__body">
        <View className="sf-collect__head">
          <View className="sf-collect__title">{form.title}</View>
          {form.description ? <View className="sf-collect__desc">{form.description}</View> : null}
        </View>
        <View className="sf-collect__card">
          {form.fields.map((field) => (
            <FormFieldRow
              key={field.nKey}
              field={field}
              value={draft.values[field.nKey] ?? ''}
              error={draft.errors[field.nKey]}
              onInput={(v) => draft.setValue(field.nKey, v)}
              onBlur={() => draft.check(field.nKey)}
            />
          ))}
          {phoneField ? (
            <View className="sf-collect__field sf-collect__code">
              <View className="sf-collect__label">
                <View className="sf-collect__star">*</View>验证码
              </View>
              <Input
                id="form-phone-code"
                className="sf-collect__input"
                type="number"
                maxlength={6}
                value={draft.phoneCode}
                placeholder="请输入短信验证码"
                onInput={(e) => draft.setPhoneCode(e.detail.value)}
              />
              <View
                id="form-send-code"
                className={`sf-collect__send ${draft.codeWait > 0 ? 'is-disabled' : ''}`}
                onClick={() => void sendCode()}
              >
                {draft.codeWait > 0 ? `${draft.codeWait}s后重新获取` : '获取验证码'}
              </View>
            </View>
          ) : null}
        </View>
        <View
          id="form-submit"
          className={`sf-btn sf-collect__submit ${draft.committing ? 'is-disabled' : ''}`}
          onClick={() => void commit()}
        >
          提交
        </View>
      </View>
    );
  }
  return <PageShell className="sf-collect">{body}</PageShell>;
}

export default observer(CollectForms);
