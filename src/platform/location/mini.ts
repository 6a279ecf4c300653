/**
 * Mini-program location (weapp and swan alike): the native picker (Taro.chooseLocation), the native map
 * (Taro.openLocation) and the position (Taro.getLocation, GCJ-02). A refusal is answered with the reason and
 * 去设置, which opens the settings page (Taro.openSetting); if location is allowed there, the picker opens again.
 */
import Taro from '@tarojs/taro';
import { locationFailure, locationFailureText, type Coords, type Place } from '../../domain/location';
import { toast } from '../ui';
import { LocationError, type LocationPlatform } from './types';

/** The Taro calls this file makes; tests hand in fakes. */
export interface MiniLocationApi {
  chooseLocation(): Promise<{ name?: string; address?: string; latitude: number; longitude: number }>;
  openLocation(options: {
    latitude: number;
    longitude: number;
    name: string;
    address: string;
    scale: number;
  }): Promise<unknown>;
  getLocation(): Promise<{ latitude: number; longitude: number }>;
  openSetting(): Promise<{ authSetting: Record<string, boolean | undefined> }>;
  confirm(title: string, content: string, confirmText: string): Promise<boolean>;
  toast(text: string): void;
}

export const taroMiniApi: MiniLocationApi = {
  chooseLocation: () => Taro.chooseLocation({}),
  openLocation: (options) => Taro.openLocation(options),
  getLocation: () => Taro.getLocation({ type: 'gcj02' }),
  openSetting: async () => ({
    authSetting: (await Taro.openSetting()).authSetting as unknown as Record<string, boolean | undefined>,
  }),
  // A permission prompt leading to the host's own settings page, asked from platform code: the host's dialog.
  confirm: async (title, content, confirmText) =>
    (await Taro.showModal({ title, content, confirmText, cancelText: '取消' })).confirm,
  toast,
};

export function createMiniLocation(api: MiniLocationApi): LocationPlatform {
  async function openSettings(): Promise<boolean> {
    try {
      const res = await api.openSetting();
      return res.authSetting['scope.userLocation'] === true;
    } catch {
      return false;
    }
  }

  async function pick(retried: boolean): Promise<Place | null> {
    try {
      const r = await api.chooseLocation();
      if (!Number.isFinite(r.latitude) || !Number.isFinite(r.longitude)) return null;
      return { name: r.name || '', address: r.address || '', latitude: r.latitude, longitude: r.longitude };
    } catch (err) {
      const kind = locationFailure(err);
      if (kind === 'cancel') return null;
      if (kind !== 'denied') {
        api.toast(locationFailureText(kind, 'mini'));
        return null;
      }
      // Refused: say so and offer the settings; the picker opens once more only if location is now allowed.
      if (retried || !(await api.confirm('需要位置权限', locationFailureText('denied', 'mini'), '去设置'))) return null;
      return (await openSettings()) ? pick(true) : null;
    }
  }

  return {
    platform: 'mini',
    hasMapPicker: true,
    async locate(): Promise<Coords> {
      try {
        const res = await api.getLocation();
        return { latitude: res.latitude, longitude: res.longitude };
      } catch (err) {
        throw new LocationError(locationFailure(err), err);
      }
    },
    async openLocation(place: Place): Promise<void> {
      try {
        await api.openLocation({
          latitude: place.latitude,
          longitude: place.longitude,
          name: place.name,
          address: place.address,
          scale: 18,
        });
      } catch (err) {
        const kind = locationFailure(err);
        if (kind !== 'cancel') api.toast(locationFailureText(kind, 'mini'));
      }
    },
    chooseLocation: () => pick(false),
    pickOnMap: () => pick(false),
    openSettings,
  };
}
