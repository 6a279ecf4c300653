/**
 * Places on the map (§2 system pages /choose-location and /open-location, §3 session locationInfo). Pure: how a
 * place travels in a page query, how far the customer is from it, which map sites can show it, and what to say
 * when the position cannot be had. Coordinates are GCJ-02, as Chinese maps and the mini-programs' location APIs
 * use them; a browser's geolocation is WGS-84 and is converted before it is compared.
 */

export { PLACE_TEXT_MAX, isPlace, placeFromQuery, placeQuery, type Coords, type Place } from './place';
import type { Coords, Place } from './place';

// WGS-84 to GCJ-02: the published transform every Chinese map uses (Krasovsky ellipsoid parameters).
const A = 6378245.0;
const EE = 0.006693421622965943;

function outsideChina(lat: number, lng: number): boolean {
  return lng < 72.004 || lng > 137.8347 || lat < 0.8293 || lat > 55.8271;
}

function transformLat(x: number, y: number): number {
  let r = -100.0 + 2.0 * x + 3.0 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  r += ((20.0 * Math.sin(6.0 * x * Math.PI) + 20.0 * Math.sin(2.0 * x * Math.PI)) * 2.0) / 3.0;
  r += ((20.0 * Math.sin(y * Math.PI) + 40.0 * Math.sin((y / 3.0) * Math.PI)) * 2.0) / 3.0;
  r += ((160.0 * Math.sin((y / 12.0) * Math.PI) + 320 * Math.sin((y * Math.PI) / 30.0)) * 2.0) / 3.0;
  return r;
}

function transformLng(x: number, y: number): number {
  let r = 300.0 + x + 2.0 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  r += ((20.0 * Math.sin(6.0 * x * Math.PI) + 20.0 * Math.sin(2.0 * x * Math.PI)) * 2.0) / 3.0;
  r += ((20.0 * Math.sin(x * Math.PI) + 40.0 * Math.sin((x / 3.0) * Math.PI)) * 2.0) / 3.0;
  r += ((150.0 * Math.sin((x / 12.0) * Math.PI) + 300.0 * Math.sin((x / 30.0) * Math.PI)) * 2.0) / 3.0;
  return r;
}

/** A browser position (WGS-84) on the maps' grid (GCJ-02); outside mainland China the two are the same. */
export function wgs84ToGcj02(c: Coords): Coords {
  if (outsideChina(c.latitude, c.longitude)) return { ...c };
  let dLat = transformLat(c.longitude - 105.0, c.latitude - 35.0);
  let dLng = transformLng(c.longitude - 105.0, c.latitude - 35.0);
  const radLat = (c.latitude / 180.0) * Math.PI;
  let magic = Math.sin(radLat);
  magic = 1 - EE * magic * magic;
  const sqrtMagic = Math.sqrt(magic);
  dLat = (dLat * 180.0) / (((A * (1 - EE)) / (magic * sqrtMagic)) * Math.PI);
  dLng = (dLng * 180.0) / ((A / sqrtMagic) * Math.cos(radLat) * Math.PI);
  return { latitude: c.latitude + dLat, longitude: c.longitude + dLng };
}

/** Great-circle distance in metres (haversine; the error over a city is far below what is shown). */
export function distanceMeters(a: Coords, b: Coords): number {
  const R = 6371008.8;
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** 距你约 350 米 / 距你约 1.2 公里 / 距你约 120 公里: tens of metres near, one decimal under 100 km. */
export function distanceText(meters: number): string {
  const tens = Math.max(10, Math.round(meters / 10) * 10);
  if (tens < 1000) return `距你约 ${tens} 米`;
  const km = meters / 1000;
  return `距你约 ${km < 100 ? Number(km.toFixed(1)) : Math.round(km)} 公里`;
}

/** Map sites that show a marker and offer a route, for a browser that has no map of its own (H5 outside WeChat). */
export function mapLinks(place: Place): { label: string; url: string }[] {
  const title = place.name || place.address;
  const q = encodeURIComponent;
  return [
    {
      label: '高德地图',
      url: `https://uri.amap.com/marker?position=${place.longitude},${place.latitude}&name=${q(title)}&coordinate=gaode&callnative=1`,
    },
    {
      label: '腾讯地图',
      url: `https://apis.map.qq.com/uri/v1/marker?marker=${q(`coord:${place.latitude},${place.longitude};title:${title};addr:${place.address}`)}&referer=storefront`,
    },
  ];
}

/** Why a position could not be had. 'cancel' is the customer closing a picker: nothing to say. */
export type LocationFailure = 'denied' | 'timeout' | 'unavailable' | 'cancel';

/**
 * Reads the failure out of what the platforms report: a mini-program's errMsg ("chooseLocation:fail auth deny",
 * "getLocation:fail authorize no response", "...:fail cancel", "...:fail system permission denied"), the
 * browser's GeolocationPositionError (code 1 denied, 2 unavailable, 3 timeout) or Taro's H5 wrapper of it, which
 * keeps only the message ("User denied Geolocation", "Timeout expired").
 */
export function locationFailure(err: unknown): LocationFailure {
  const e = (err ?? {}) as { code?: unknown; errMsg?: unknown; message?: unknown };
  if (e.code === 1) return 'denied';
  if (e.code === 3) return 'timeout';
  const text = `${typeof e.errMsg === 'string' ? e.errMsg : ''} ${typeof e.message === 'string' ? e.message : ''}`;
  if (/cancel/i.test(text)) return 'cancel';
  if (/den(y|ied)|auth|permission|not allowed|secure origin/i.test(text)) return 'denied';
  if (/time ?out|timed out/i.test(text)) return 'timeout';
  return 'unavailable';
}

/** What the customer reads when there is no position; the refusal names where to turn location back on. */
export function locationFailureText(kind: Exclude<LocationFailure, 'cancel'>, platform: 'h5' | 'mini'): string {
  if (kind === 'denied') {
    return platform === 'h5'
      ? '你已拒绝获取位置信息。请在浏览器或手机设置中允许本网站使用位置信息，然后点「重试」。'
      : '你已拒绝获取位置信息。请点「去设置」打开「位置信息」权限，然后重试。';
  }
  if (kind === 'timeout') return '获取位置超时，请到信号更好的地方重试。';
  return '暂时无法获取你的位置，请确认手机已打开定位服务后重试。';
}
