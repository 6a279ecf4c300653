/// <reference types="@tarojs/taro" />

declare module '*.png';
declare module '*.gif';
declare module '*.jpg';
declare module '*.jpeg';
declare module '*.svg';
declare module '*.css';
declare module '*.scss';

/** Build-time constants from config/index.ts (defineConstants). */
declare const API_BASE: string;
declare const USER_API_BASE: string;
declare const AUTH_API_BASE: string;
declare const SIGN_KEY: string;
declare const DEFAULT_PROJECT_SN: string;
/** WeChat's JS-SDK script for the WeChat browser (src/platform/share/jssdk.h5.ts). */
declare const JWEIXIN_URL: string;

declare namespace NodeJS {
  interface ProcessEnv {
    NODE_ENV: 'development' | 'production' | 'test';
    TARO_ENV: 'weapp' | 'swan' | 'h5';
    TARO_APP_ID: string;
  }
}

/** WeChat in-browser bridge (H5 inside the WeChat browser). */
interface WeixinJSBridgeApi {
  invoke(api: string, params: Record<string, unknown>, callback: (res: { err_msg: string }) => void): void;
}
declare const WeixinJSBridge: WeixinJSBridgeApi | undefined;
/** Baidu smart-program global. */
declare const swan: any;
/** WeChat mini-program global. */
declare const wx: any;
