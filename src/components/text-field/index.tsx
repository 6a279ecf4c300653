import { Input, Textarea, View } from '@tarojs/components';
import type { ReactNode } from 'react';

/** What Taro's Input and Textarea hand to onInput; `{...bindText(form, key)}` (stores/form-send) fits it. */
type InputEvent = { detail: { value: string } };

interface TextFieldProps {
  /** The spec's words for the field, shown before it. */
  label: string;
  /** The page's classes for the block, its label and the field: each page keeps its own look. */
  boxClass: string;
  labelClass: string;
  fieldClass: string;
  /** The element id pages, tests and walks find the field by. */
  id: string;
  value: string;
  maxLength: number;
  placeholder: string;
  onInput: (e: InputEvent) => void;
  onBlur?: () => void;
  /** A Textarea instead of a one-line Input. */
  multiline?: boolean;
  /** What follows the field in its block: a count, a warning, a button. */
  children?: ReactNode;
}

/**
 * A labelled text field written by hand (feedback, tracking number, address detail, order remark): one block, its
 * label, the field and what follows it (the same markup stood in every form page). Forms of label-left
 * rows with nothing after the field use taro-ui's AtInput instead (mixin sf-at-input-rows).
 */
export default function TextField({
  label,
  boxClass,
  labelClass,
  fieldClass,
  multiline,
  onInput,
  children,
  ...field
}: TextFieldProps) {
  const Field = multiline ? Textarea : Input;
  return (
    <View className={boxClass}>
      <View className={labelClass}>{label}</View>
      <Field
        className={fieldClass}
        id={field.id}
        value={field.value}
        maxlength={field.maxLength}
        placeholder={field.placeholder}
        onInput={onInput}
        onBlur={field.onBlur}
      />
      {children}
    </View>
  );
}
