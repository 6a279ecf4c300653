import { View } from '@tarojs/components';
import AtInput from 'taro-ui/lib/components/input';
import { useUnload } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import PageShell from '../../../components/page-shell';
import { PLACE_TEXT_MAX, isPlace, type Coords, type Place } from '../../../domain/location';
import { location } from '../../../platform/location';
import { settleChoice } from '../../../platform/location/pending';
import { goBackOrHome } from '../../../platform/navigation';
import { toast } from '../../../platform/ui';
import { useStores } from '../../../stores';
import { PositionFailure, usePosition } from '../position';
import '../location.scss';
import './chooseLocation.scss';

export const CHOOSE_LOCATION_TEXTS = {
  useHere: '使用当前位置',
  pickOnMap: '在地图上选择',
  needPosition: '请先获取位置',
  needName: '请输入地点名称',
  confirm: '确定',
};

/**
 * §2 system page /choose-location: the place is stored in the session (§3 locationInfo) and handed to whoever
 * asked (platform/location chooseLocation). The mini-programs pick on their native map (Taro.chooseLocation);
 * a browser has no map of ours, so the position comes from the browser and the customer names the place.
 * What was typed stays while the position is retried; leaving without 确定 hands back nothing.
 */
function ChooseLocation() {
  const { session } = useStores();
  const last = isPlace(session.locationInfo) ? session.locationInfo : null;
  const [name, setName] = useState(last?.name ?? '');
  const [address, setAddress] = useState(last?.address ?? '');
  const [coords, setCoords] = useState<Coords | null>(
    last ? { latitude: last.latitude, longitude: last.longitude } : null,
  );
  const position = usePosition(setCoords);

  useUnload(() => settleChoice(null));

  async function pickOnMap(): Promise<void> {
    const picked = await location.pickOnMap();
    if (!picked) return;
    setCoords({ latitude: picked.latitude, longitude: picked.longitude });
    setName(picked.name);
    setAddress(picked.address);
  }

  function confirm(): void {
    if (!coords) return toast(CHOOSE_LOCATION_TEXTS.needPosition);
    if (!name.trim() && !address.trim()) return toast(CHOOSE_LOCATION_TEXTS.needName);
    const place: Place = {
      name: name.trim(),
      address: address.trim(),
      latitude: coords.latitude,
      longitude: coords.longitude,
    };
    session.setLocationInfo(place);
    settleChoice(place);
    void goBackOrHome();
  }

  const s = position.state;
  return (
    <PageShell className="sf-loc">
      <View className="sf-loc__card" id="choose-location-position">
        <View className="sf-loc__title">位置</View>
        {location.hasMapPicker ? (
          <View className="sf-btn" id="choose-location-map" onClick={() => void pickOnMap()}>
            {CHOOSE_LOCATION_TEXTS.pickOnMap}
          </View>
        ) : null}
        {s.step === 'failed' ? (
          <PositionFailure
            state={s}
            onRetry={() => void position.locate()}
            onSettings={() => void position.openSettings()}
          />
        ) : s.step === 'locating' ? (
          <View className="sf-loc__status">正在获取你的位置...</View>
        ) : (
          <>
            {coords ? (
              <View className="sf-loc__coords" id="choose-location-coords">
                已定位：纬度 {coords.latitude.toFixed(6)}，经度 {coords.longitude.toFixed(6)}
              </View>
            ) : null}
            {location.hasMapPicker ? null : (
              <View className="sf-loc__actions">
                <View className="sf-btn is-ghost" id="choose-location-here" onClick={() => void position.locate()}>
                  {CHOOSE_LOCATION_TEXTS.useHere}
                </View>
              </View>
            )}
          </>
        )}
      </View>

      <View className="sf-loc__card sf-loc__fields">
        <AtInput
          name="choose-location-name"
          title="地点名称"
          maxlength={PLACE_TEXT_MAX}
          placeholder="请输入地点名称"
          value={name}
          onChange={(v: string | number) => setName(String(v))}
        />
        <AtInput
          name="choose-location-address"
          title="详细地址"
          border={false}
          maxlength={PLACE_TEXT_MAX}
          placeholder="请输入详细地址"
          value={address}
          onChange={(v: string | number) => setAddress(String(v))}
        />
      </View>

      <View className="sf-btn sf-loc__confirm" id="choose-location-confirm" onClick={confirm}>
        {CHOOSE_LOCATION_TEXTS.confirm}
      </View>
      <View className="sf-loc__hint">位置仅用于本次选择的地点，不会在后台持续获取。</View>
    </PageShell>
  );
}

export default observer(ChooseLocation);
