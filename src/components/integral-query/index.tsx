import { Input, View } from '@tarojs/components';
import { observer, useLocalObservable } from 'mobx-react-lite';
import { runInAction } from 'mobx';
import { useDidShow } from '@tarojs/taro';
import { useEffect, useRef } from 'react';
import {
  INTEGRAL_NOTE,
  INTEGRAL_PHONE_MAX,
  INTEGRAL_PHONE_PLACEHOLDER,
  integralCarrier,
  integralPhoneError,
  integralPhoneInput,
  maskPhone,
  type IntegralType,
} from '@contract/rules/integral';
import { errorMessage } from '../../api/error-message';
import type { IntegralSide } from '../../api/integral';
import { callbackUrl, goAuthorise, hasPending, takePending } from '../../platform/carrier-redirect';
import { toast } from '../../platform/ui';
import { useStores } from '../../stores';
import Popup from '../popup';
import './index.scss';

interface IntegralQueryProps {
  /** Whether the popup shows. */
  open: boolean;
  /** The carrier of the item (§3 integralType; '' = plain 积分). */
  integralType: IntegralType;
  onClose: () => void;
  /** Told whenever a balance is known (the points order uses it). */
  onBalance?: (phone: string, points: number) => void;
  /** Asked to open when the page comes back from the carrier's authorisation with a query to finish. */
  onResume?: () => void;
  /** The points order screen asks the order-side balance call (§7); item pages the activity one. */
  side?: IntegralSide;
}

/**
 * §2 积分查询 popup: the search view (phone, §5 checks) and the result view (carrier, balance with its suffix,
 * §9 note), toggled by 更换. The bound phone is the server's (per customer and carrier) and shows on return;
 * a balance that needs the carrier's authorisation sends the browser there and finishes on coming back (§4).
 */
function IntegralQuery({ open, integralType, onClose, onBalance, onResume, side = 'activity' }: IntegralQueryProps) {
  const { api } = useStores();
  const ui = useLocalObservable(() => ({
    view: 'search' as 'search' | 'result',
    phone: '',
    error: '',
    points: null as number | null,
    busy: false,
  }));
  const carrier = integralCarrier(integralType);

  /** resumed: back from the carrier; if it still asks, the customer did not authorise: say so, do not go again. */
  async function query(phone: string, resumed = false) {
    if (ui.busy) return;
    runInAction(() => (ui.busy = true));
    try {
      const reply = await api.integral.balance({ integralType, phone, callbackUrl: callbackUrl() }, side);
      if (reply.flag && reply.redirectUrl) {
        if (resumed) toast('积分授权未完成，请重新查询');
        else await goAuthorise({ integralType, phone }, reply.redirectUrl);
        return;
      }
      runInAction(() => {
        ui.points = reply.balance ?? 0;
        ui.view = 'result';
      });
      onBalance?.(phone, reply.balance ?? 0);
    } catch (err) {
      toast(errorMessage(err, '查询失败，请重试'));
    } finally {
      runInAction(() => (ui.busy = false));
    }
  }

  // Parents pass inline handlers; the effects call the latest ones and run on what they depend on, not each render.
  const latest = useRef({ query, onBalance, onResume });
  latest.current = { query, onBalance, onResume };

  useEffect(() => {
    if (hasPending(integralType)) latest.current.onResume?.();
  }, [integralType]);

  // A mini-program comes back from the carrier's web-view page to this page, still mounted with the popup open.
  useDidShow(() => {
    if (!hasPending(integralType)) return;
    if (!open) return onResume?.();
    const pending = takePending(integralType);
    if (pending) void query(pending.phone, true);
  });

  // On opening: a query waiting for the carrier's authorisation finishes; otherwise the bound phone shows.
  useEffect(() => {
    if (!open) return;
    const pending = takePending(integralType);
    if (pending) {
      runInAction(() => (ui.phone = pending.phone));
      void latest.current.query(pending.phone, true);
      return;
    }
    void api.integral
      .bindingState(integralType)
      .then((state) => {
        runInAction(() => {
          if (state.phone) ui.phone = state.phone;
          if (state.phone && state.point !== null) {
            ui.points = state.point;
            ui.view = 'result';
          }
        });
        if (state.phone && state.point !== null) latest.current.onBalance?.(state.phone, state.point);
      })
      .catch(() => undefined);
  }, [open, integralType, api, ui]);

  function search() {
    const error = integralPhoneError(ui.phone);
    runInAction(() => (ui.error = error ?? ''));
    if (!error) void query(ui.phone.trim());
  }

  return (
    <Popup open={open} title="积分查询" position="center" onClose={onClose} className="sf-iq">
      {ui.view === 'search' ? (
        <View className="sf-iq__body" id="integral-search-view">
          {carrier.label ? <View className="sf-iq__carrier">{carrier.label}</View> : null}
          <Input
            className="sf-iq__input"
            id="integral-phone"
            type="number"
            maxlength={INTEGRAL_PHONE_MAX}
            placeholder={INTEGRAL_PHONE_PLACEHOLDER}
            value={ui.phone}
            onInput={(e) =>
              runInAction(() => {
                ui.phone = integralPhoneInput(e.detail.value);
                ui.error = '';
              })
            }
          />
          {ui.error ? (
            <View className="sf-iq__error" id="integral-error">
              {ui.error}
            </View>
          ) : null}
          <View className={`sf-btn sf-iq__btn ${ui.busy ? 'is-disabled' : ''}`} id="integral-search" onClick={search}>
            查询
          </View>
        </View>
      ) : (
        <View className="sf-iq__body" id="integral-result-view">
          <View className="sf-iq__row">
            <View className="sf-iq__carrier">{carrier.label || '积分'}</View>
            <View className="sf-iq__phone">{maskPhone(ui.phone)}</View>
          </View>
          <View className="sf-iq__balance" id="integral-balance">
            <View className="sf-iq__points">{ui.points ?? 0}</View>
            <View className="sf-iq__suffix">{carrier.suffix}</View>
          </View>
          <View className="sf-iq__note">{INTEGRAL_NOTE}</View>
          <View
            className="sf-btn sf-iq__btn sf-iq__btn--plain"
            id="integral-change"
            onClick={() => runInAction(() => (ui.view = 'search'))}
          >
            更换
          </View>
        </View>
      )}
    </Popup>
  );
}

export default observer(IntegralQuery);
