import { View } from '@tarojs/components';
import { useRouter } from '@tarojs/taro';
import EmptyView from '../../../components/empty-view';
import PageShell from '../../../components/page-shell';
import { distanceMeters, distanceText, mapLinks, placeFromQuery } from '../../../domain/location';
import { decodeParam } from '../../../domain/routes';
import { location } from '../../../platform/location';
import { goBackOrHome } from '../../../platform/navigation';
import { PositionFailure, usePosition } from '../position';
import '../location.scss';

export const OPEN_LOCATION_TEXTS = {
  distanceTitle: '与我的距离',
  locate: '计算与我的距离',
  mapTitle: '用地图打开',
  nativeMap: '在地图中查看',
  badPlace: '位置信息不完整',
};

/** Opens a map site in a new tab so the storefront stays where it was (a blocked pop-up falls back to this tab). */
function openSite(url: string): void {
  if (!window.open(url, '_blank', 'noopener')) window.location.href = url;
}

/**
 * §2 system page /open-location: a place (from an activity's detail): its name and address, how far the
 * customer is from it once they allow their position, and a map: the native one in the mini-programs
 * (Taro.openLocation), the map sites in a browser.
 */
export default function OpenLocation() {
  const { params } = useRouter();
  const query: Record<string, string> = {};
  for (const k of ['name', 'address', 'latitude', 'longitude']) query[k] = decodeParam(params[k]);
  const place = placeFromQuery(query);
  const position = usePosition();

  if (!place) {
    return (
      <PageShell className="sf-loc">
        <EmptyView text={OPEN_LOCATION_TEXTS.badPlace} actionText="返回" onAction={() => void goBackOrHome()} />
      </PageShell>
    );
  }

  const s = position.state;
  return (
    <PageShell className="sf-loc">
      <View className="sf-loc__card" id="open-location-place">
        <View className="sf-loc__name">{place.name || place.address}</View>
        {place.name && place.address ? <View className="sf-loc__address">{place.address}</View> : null}
        <View className="sf-loc__coords">
          纬度 {place.latitude.toFixed(6)}，经度 {place.longitude.toFixed(6)}
        </View>
      </View>

      <View className="sf-loc__card" id="open-location-distance">
        <View className="sf-loc__title">{OPEN_LOCATION_TEXTS.distanceTitle}</View>
        {s.step === 'idle' ? (
          <View className="sf-btn is-ghost" id="open-location-locate" onClick={() => void position.locate()}>
            {OPEN_LOCATION_TEXTS.locate}
          </View>
        ) : s.step === 'locating' ? (
          <View className="sf-loc__status">正在获取你的位置...</View>
        ) : s.step === 'done' ? (
          <View className="sf-loc__distance" id="open-location-distance-text">
            {distanceText(distanceMeters(s.coords, place))}
          </View>
        ) : (
          <PositionFailure
            state={s}
            onRetry={() => void position.locate()}
            onSettings={() => void position.openSettings()}
          />
        )}
      </View>

      {location.platform === 'mini' ? (
        <View
          className="sf-btn sf-loc__confirm"
          id="open-location-map"
          onClick={() => void location.openLocation(place)}
        >
          {OPEN_LOCATION_TEXTS.nativeMap}
        </View>
      ) : (
        <View className="sf-loc__card" id="open-location-maps">
          <View className="sf-loc__title">{OPEN_LOCATION_TEXTS.mapTitle}</View>
          {mapLinks(place).map((link) => (
            <View key={link.label} className="sf-loc__row" data-url={link.url} onClick={() => openSite(link.url)}>
              {link.label}
              <View className="sf-loc__arrow">›</View>
            </View>
          ))}
        </View>
      )}
    </PageShell>
  );
}
