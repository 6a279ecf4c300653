import { View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import { ROUTES } from '../../../domain/routes';
import { openPage } from '../../../platform/navigation';
import type { WithdrawForm } from './use-withdraw';

/** 到账银行卡: the promoter's cards to choose from, and 添加银行卡 (identity first when it is not verified). */
function WithdrawCardChoice({ form }: { form: WithdrawForm }) {
  const verified = !!form.info && form.info.verified;
  return (
    <View className="sf-earn__card">
      <View className="sf-earn__card-title">到账银行卡</View>
      {form.cards.map((c) => (
        <View
          key={c.cardId}
          className="sf-earn__row"
          id={`withdraw-card-${c.cardTail}`}
          onClick={() => form.chooseCard(c.cardId)}
        >
          <View className={`sf-earn__check ${form.cardId === c.cardId ? 'is-on' : ''}`} />
          <View className="sf-earn__input">
            {c.bankName}（{c.cardTail}）
          </View>
        </View>
      ))}
      <View
        className="sf-earn__row"
        id="withdraw-add-card"
        onClick={() => void openPage(verified ? ROUTES.addEarningsBank : ROUTES.authentication)}
      >
        <View className="sf-earn__label sf-earn__link">添加银行卡</View>
        <View className="sf-earn__value" />
        <View className="sf-earn__arrow">›</View>
      </View>
    </View>
  );
}

export default observer(WithdrawCardChoice);
