/**
 * The outcomes the generic result page (§2 result success/index) shows, one table (the spec names the page and gives no
 * texts, so these are ours, README "Result page"): a kind says what happened, what comes next, and which ways
 * on it offers. The page takes `kind` and, where the outcome has one, `orderNo`; an unknown kind shows a plain
 * 操作完成 rather than an error, because a result page must never strand a customer who got here.
 */
export type ResultAction = 'order' | 'orders' | 'home';

export interface ResultKind {
  status: 'success' | 'waiting';
  title: string;
  text: string;
  actions: ResultAction[];
}

export const RESULT_KINDS = {
  /** A zero-price activity: the order exists and nothing was paid (§4). */
  signUp: {
    status: 'success',
    title: '报名成功',
    text: '本次报名无需支付，活动信息和参与方式请在订单中查看。',
    actions: ['order', 'home'],
  },
} satisfies Record<string, ResultKind>;

export type ResultKindName = keyof typeof RESULT_KINDS;

const FALLBACK: ResultKind = { status: 'success', title: '操作完成', text: '', actions: ['orders', 'home'] };

export function resultKind(name: string | undefined): ResultKind {
  return (name && (RESULT_KINDS as Record<string, ResultKind>)[name]) || FALLBACK;
}

export const RESULT_ACTION_TEXT: Record<ResultAction, string> = {
  order: '查看订单',
  orders: '我的订单',
  home: '返回首页',
};
