import { Input } from '@tarojs/components';

interface AmountInputProps {
  /** The element id pages, tests and walks find the field by. */
  id: string;
  className: string;
  /** Exactly what was typed: the page names what is wrong with it rather than the field changing it. */
  value: string;
  placeholder: string;
  onInput: (text: string) => void;
}

/**
 * A money amount field that keeps what was typed. Taro's H5 digit field drops every key but digits and one point,
 * so "-5" arrived as "5" and was sent as a ¥5 amount; on H5 it is a text field with the decimal keypad instead.
 * The mini-programs' digit keypad has no minus key, so there it stays a digit field.
 */
export default function AmountInput({ onInput, ...field }: AmountInputProps) {
  const keypad =
    process.env.TARO_ENV === 'h5'
      ? ({ type: 'text', nativeProps: { inputMode: 'decimal' } } as const)
      : ({ type: 'digit' } as const);
  return <Input {...field} {...keypad} onInput={(e) => onInput(e.detail.value)} />;
}
