import { Input, Textarea, View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import type { ApplicantRule } from '@contract/order';
import { FIELD_PLACEHOLDERS, inputTypeFor, maxLengthFor } from '@contract/rules/fields';
import './index.scss';

interface ApplicantFormProps {
  /** The server's applicant rules (§3); the block shows only when there are some. */
  rules: ApplicantRule[];
  values: Record<string, string>;
  onChange: (nKey: string, value: string) => void;
  /** Heading; 用户信息 on the course order screen (§2). */
  title?: string;
}

/**
 * Fields by keyName with the §5 placeholders and input types; values live in the caller's store. An observer, so
 * that each keystroke written to the store re-renders the controlled inputs that read it (a plain component
 * keeps rendering the first value and the input loses every keystroke but the last).
 */
function ApplicantForm({ rules, values, onChange, title = '用户信息' }: ApplicantFormProps) {
  if (!rules.length) return null;
  return (
    <View className="sf-applicant">
      <View className="sf-applicant__title">{title}</View>
      {rules.map((rule) => {
        const keyName = rule.keyName === 'IDCARD' && rule.idCardType === 'IDCARD_OUT' ? 'IDCARD_OUT' : rule.keyName;
        const placeholder = rule.placeholder || FIELD_PLACEHOLDERS[keyName];
        return (
          <View key={rule.nKey} className={`sf-applicant__row ${rule.multiline ? 'is-multiline' : ''}`}>
            <View className="sf-applicant__label">
              {rule.required ? <View className="sf-applicant__star">*</View> : null}
              {rule.label}
            </View>
            {rule.multiline ? (
              <Textarea
                className="sf-applicant__textarea"
                id={`field-${rule.nKey}`}
                value={values[rule.nKey] ?? ''}
                placeholder={placeholder}
                maxlength={maxLengthFor(keyName)}
                onInput={(e) => onChange(rule.nKey, e.detail.value)}
              />
            ) : (
              <Input
                className="sf-applicant__input"
                id={`field-${rule.nKey}`}
                type={inputTypeFor(keyName)}
                value={values[rule.nKey] ?? ''}
                placeholder={placeholder}
                maxlength={maxLengthFor(keyName)}
                onInput={(e) => onChange(rule.nKey, e.detail.value)}
              />
            )}
          </View>
        );
      })}
    </View>
  );
}

export default observer(ApplicantForm);
