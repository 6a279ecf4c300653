import { Input, Textarea, View } from '@tarojs/components';
import type { FormField } from '@contract/form';

interface FormFieldRowProps {
  field: FormField;
  value: string;
  /** The field's §5 message, shown under it. */
  error?: string;
  onInput(value: string): void;
  /** Leaving the field checks it. */
  onBlur(): void;
}

/** One collect-form field: its label (required marked), the input of its type or a textarea, its error. */
export default function FormFieldRow({ field, value, error, onInput, onBlur }: FormFieldRowProps) {
  const id = `form-field-${field.nKey}`;
  return (
    <View
      className={`sf-collect__field ${field.type === 'textarea' ? 'is-multiline' : ''} ${error ? 'has-error' : ''}`}
      data-key={field.keyName}
    >
      <View className="sf-collect__label">
        {field.required ? <View className="sf-collect__star">*</View> : null}
        {field.label}
      </View>
      {field.type === 'textarea' ? (
        <Textarea
          id={id}
          className="sf-collect__textarea"
          value={value}
          placeholder={field.placeholder}
          maxlength={field.maxLength}
          onInput={(e) => onInput(e.detail.value)}
          onBlur={onBlur}
        />
      ) : (
        <Input
          id={id}
          className="sf-collect__input"
          type={field.type}
          value={value}
          placeholder={field.placeholder}
          maxlength={field.maxLength}
          onInput={(e) => onInput(e.detail.value)}
          onBlur={onBlur}
        />
      )}
      {error ? (
        <View className="sf-collect__error" id={`${id}-error`}>
          {error}
        </View>
      ) : null}
    </View>
  );
}
