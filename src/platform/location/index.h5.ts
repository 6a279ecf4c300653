/**
 * H5 location (§2 system pages). A browser has no map picker or map of ours: choosing a place happens on the
 * /choose-location page (the position from the browser, named by the customer) and showing one on the
 * /open-location page (the place, how far away it is, and the map sites that show it). Taro's H5 chooseLocation
 * needs Tencent's map service and a key, and its openLocation exists only inside WeChat with a configured JS-SDK,
 * so neither is relied on. The position comes through Taro.getLocation (the browser's geolocation; WGS-84).
 */
import Taro from '@tarojs/taro';
import { placeQuery, locationFailure, wgs84ToGcj02, type Coords, type Place } from '../../domain/location';
import { ROUTES } from '../../domain/routes';
import { openPage } from '../navigation';
import { awaitChoice } from './pending';
import { LocationError, type LocationPlatform } from './types';

export * from './types';

/** A browser that never answers (no GPS fix indoors) is told to give up after this; §9 has no location time-out. */
export const LOCATE_TIMEOUT_MS = 15000;

export const location: LocationPlatform = {
  platform: 'h5',
  hasMapPicker: false,
  async locate(): Promise<Coords> {
    try {
      const res = await Taro.getLocation({ type: 'wgs84', highAccuracyExpireTime: LOCATE_TIMEOUT_MS });
      return wgs84ToGcj02({ latitude: res.latitude, longitude: res.longitude });
    } catch (err) {
      throw new LocationError(locationFailure(err), err);
    }
  },
  async openLocation(place: Place): Promise<void> {
    await openPage(ROUTES.openLocation, placeQuery(place));
  },
  async chooseLocation(): Promise<Place | null> {
    const choice = awaitChoice();
    await openPage(ROUTES.chooseLocation);
    return choice;
  },
  async pickOnMap(): Promise<Place | null> {
    return null;
  },
  async openSettings(): Promise<boolean> {
    return false;
  },
};
