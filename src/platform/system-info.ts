/**
 * The device facts the session keeps (§3 systemInfo): the system and the window size. In the mini-programs
 * Taro.getSystemInfoSync has them. On H5 it would bring a whole user-agent parser (the `platform` package,
 * 15 KB minified) into the first screen for the system's name, so there the window is read from the
 * document, as Taro's H5 getWindowInfo does, and the system from the user agent. TARO_ENV is a build-time
 * constant: each build keeps one branch.
 */
import Taro from '@tarojs/taro';
import { systemOfUserAgent } from '../domain/user-agent';

export interface SystemInfo {
  platform: string;
  windowWidth: number;
  windowHeight: number;
}

export function readSystemInfo(): SystemInfo {
  if (process.env.TARO_ENV === 'h5') {
    // What Taro.getWindowInfo reads, without its module: that one imports the parser at its top.
    const { clientWidth, clientHeight } = document.documentElement;
    return { platform: systemOfUserAgent(navigator.userAgent), windowWidth: clientWidth, windowHeight: clientHeight };
  } else {
    const info = Taro.getSystemInfoSync();
    return { platform: info.platform, windowWidth: info.windowWidth, windowHeight: info.windowHeight };
  }
}
