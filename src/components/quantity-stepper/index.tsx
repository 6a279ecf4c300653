import { View } from '@tarojs/components';
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
 * − N + for a goods quantity. Hand-made: taro-ui (whose AtInputNumber would fit) is not a dependency, and a typed
 * number field would let a customer ask for quantities the server refuses.
 */
export default function QuantityStepper({ label, value, min = 1, max, onChange }: QuantityStepperProps) {
  const canLess = value > min;
  const canMore = value < max;
  return (
    <View className="sf-stepper-row">
      <View className="sf-stepper-row__label">{label}</View>
      <View className="sf-stepper" id="qty-stepper">
        <View className={`sf-stepper__btn ${canLess ? '' : 'is-disabled'}`} id="qty-minus" onClick={() => canLess && onChange(value - 1)}>
          −
        </View>
        <View className="sf-stepper__value" id="qty-value">
          {value}
        </View>
        <View className={`sf-stepper__btn ${canMore ? '' : 'is-disabled'}`} id="qty-plus" onClick={() => canMore && onChange(value + 1)}>
          +
        </View>
      </View>
    </View>
  );
}
