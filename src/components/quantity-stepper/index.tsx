import { View } from '@tarojs/components';
import { useEffect, useRef } from 'react';
import AtInputNumber from 'taro-ui/lib/components/input-number';
import { nameInputNumber } from '../../platform/a11y';
import './index.scss';

interface QuantityStepperProps {
  /** The row's label, e.g. 购买数量. */
  label: string;
  /** The current quantity. */
  value: number;
  /** Smallest and largest allowed (the server refuses anything else). */
  min?: number;
  max: number;
  /** Called with the wanted quantity; the caller decides what happens (the server confirms it). */
  onChange: (next: number) => void;
}

/**
 * 购买数量 with taro-ui's − N + (AtInputNumber). Typing is off: every change is confirmed by the server, so a
 * number typed key by key would ask it once per keystroke.
 */
export default function QuantityStepper({ label, value, min = 1, max, onChange }: QuantityStepperProps) {
  const stepper = useRef(null);
  // AtInputNumber names none of its parts; the − / + disabled state follows the value.
  useEffect(() => nameInputNumber(stepper.current, label), [label, value, min, max]);
  return (
    <View className="sf-stepper-row">
      <View className="sf-stepper-row__label">{label}</View>
      <View id="qty-stepper" ref={stepper}>
        <AtInputNumber
          type="number"
          min={min}
          max={max}
          step={1}
          value={value}
          disabledInput
          onChange={(n: number) => n !== value && onChange(n)}
        />
      </View>
    </View>
  );
}
