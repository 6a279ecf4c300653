/**
 * Return logistics: the carriers a customer may pick on writeLogistics and the shape of each one's
 * tracking number. Both sides check with `checkTrackingNo`, so a wrong shape is refused before it is sent and
 * again on the server. `kuaidi100` is the carrier's company code in Kuaidi100's query protocol.
 */

export interface Carrier {
  code: string;
  name: string;
  kuaidi100: string;
  pattern: RegExp;
  /** What a number of this carrier looks like (shown when the typed one does not match). */
  hint: string;
}

export const CARRIERS: readonly Carrier[] = [
  { code: 'SF', name: '顺丰速运', kuaidi100: 'shunfeng', pattern: /^SF\d{12,13}$/, hint: 'SF开头加12-13位数字' },
  {
    code: 'ZTO',
    name: '中通快递',
    kuaidi100: 'zhongtong',
    pattern: /^(7[35]|78)\d{10}$/,
    hint: '73、75或78开头的12位数字',
  },
  { code: 'YTO', name: '圆通速递', kuaidi100: 'yuantong', pattern: /^YT\d{13}$/, hint: 'YT开头加13位数字' },
  { code: 'STO', name: '申通快递', kuaidi100: 'shentong', pattern: /^77\d{11}$/, hint: '77开头的13位数字' },
  {
    code: 'YUNDA',
    name: '韵达快递',
    kuaidi100: 'yunda',
    pattern: /^(31|43|46)\d{11}$/,
    hint: '31、43或46开头的13位数字',
  },
  { code: 'JD', name: '京东快递', kuaidi100: 'jd', pattern: /^JD[A-Z0-9]{13}$/, hint: 'JD开头加13位字母或数字' },
  {
    code: 'EMS',
    name: 'EMS',
    kuaidi100: 'ems',
    pattern: /^(E[A-Z]\d{9}CN|1\d{12})$/,
    hint: '如EA123456789CN或1开头的13位数字',
  },
];

export const carrierOf = (code: string): Carrier | undefined => CARRIERS.find((c) => c.code === code);

/** Upper-cases and drops spaces (what people type from a label); the stored and queried form. */
export const normaliseTrackingNo = (raw: string) => raw.replace(/\s+/g, '').toUpperCase();

/** null when the number fits the carrier, else the message to show. */
export function checkTrackingNo(carrierCode: string, raw: string): string | null {
  const carrier = carrierOf(carrierCode);
  if (!carrier) return '请选择快递公司';
  const no = normaliseTrackingNo(raw);
  if (!no) return '请输入快递单号';
  if (!carrier.pattern.test(no)) return `${carrier.name}单号格式不正确（${carrier.hint}）`;
  return null;
}

/** Tracking states, shared by the sandbox tracker and the Kuaidi100 adapter (its state codes mapped). */
export const TRACK_STATES = ['NONE', 'COLLECTED', 'IN_TRANSIT', 'DELIVERING', 'SIGNED', 'PROBLEM'] as const;
export type TrackState = (typeof TRACK_STATES)[number];
export const TRACK_STATE_TEXT: Record<TrackState, string> = {
  NONE: '暂无物流信息',
  COLLECTED: '已揽收',
  IN_TRANSIT: '运输中',
  DELIVERING: '派送中',
  SIGNED: '已签收',
  PROBLEM: '疑难件',
};
