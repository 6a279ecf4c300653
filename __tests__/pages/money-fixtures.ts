/**
 * What the server answers the refund request and withdraw pages (申请售后, 提现), for the page tests of those
 * flows and of their money fields (each wrote the same literals). A patch gives a test the fields it is about.
 */
import type { AfterSaleDetail, AfterSaleRefer } from '../../contract/after-sales';
import type { BankCard, WithdrawalDetail, WithdrawalRuleInfo } from '../../contract/earnings';
import { route } from './harness';

/** An instalment order: two payments made, each refundable on its own. */
export const afterSaleRefer = (over: Partial<AfterSaleRefer> = {}): AfterSaleRefer => ({
  orderNo: 'SO7',
  courseName: '会计初级职称全程班',
  allowed: true,
  notAllowedReason: null,
  payments: [
    { seq: 1, label: '第1期', paid: 30000, refundable: 30000 },
    { seq: 2, label: '第2期', paid: 30000, refundable: 20000 },
  ],
  maxAmount: 50000,
  reasons: ['不想要了', '课程与描述不符'],
  ...over,
});

/** A pending application of ¥120 for the second payment, which the customer may still edit or cancel. */
export const afterSaleApplication = (over: Partial<AfterSaleDetail> = {}): AfterSaleDetail => ({
  applicationNo: 'AS5',
  orderNo: 'SO7',
  courseName: '会计初级职称全程班',
  cover: null,
  type: 1,
  typeText: '仅退款',
  amount: 12000,
  refundedAmount: 0,
  state: 'APPLIED',
  stateText: '待商家处理',
  createdAt: '2026-11-26T02:00:00Z',
  seqs: [2],
  reason: '课程与描述不符',
  description: '第二期内容与介绍不同',
  images: [],
  refuseReason: null,
  updatedAt: '2026-11-26T02:00:00Z',
  canEdit: true,
  canCancel: true,
  canWriteLogistics: false,
  logistics: null,
  returnAddress: null,
  records: [],
  refundTo: [],
  next: { actor: 'MERCHANT', text: '等待商家处理', dueLabel: null, dueAt: null },
  ...over,
});

/** A verified promoter with a card and ¥50 to take: at least ¥1, at most ¥5000 and 3 a day, 0.6% fee (¥0.1 min). */
export const withdrawalRule = (over: Partial<WithdrawalRuleInfo> = {}): WithdrawalRuleInfo => ({
  rule: {
    minAmount: 100,
    maxPerDay: 500000,
    countPerDay: 3,
    feeBps: 60,
    feeMin: 10,
    identityRequired: true,
    bankCardRequired: true,
  },
  lines: ['单笔提现金额不低于¥1', '每日最多提现¥5000，最多3次'],
  available: 5000,
  todayAmount: 0,
  todayCount: 0,
  maxAmount: 5000,
  verified: true,
  hasCard: true,
  payoutTo: 'BANK_CARD',
  ...over,
});

/** A bank card of the promoter's; BC1 is the default one. */
export const bankCard = (cardId: string, bankName: string, cardTail: string): BankCard => ({
  cardId,
  bankCode: 'CMB',
  bankName,
  holderName: '*三',
  cardMasked: `**** **** **** ${cardTail}`,
  cardTail,
  isDefault: cardId === 'BC1',
});

/** A ¥20 withdrawal under review. */
export const withdrawalDetail = (withdrawalNo: string): WithdrawalDetail => ({
  withdrawalNo,
  amount: 2000,
  fee: 12,
  actualAmount: 1988,
  status: 'REVIEWING',
  statusText: '审核中',
  payoutTo: 'BANK_CARD',
  bankName: '工商银行',
  cardMasked: '**** **** **** 5678',
  createdAt: '2026-11-27T02:00:00Z',
  holderName: '*三',
  reason: null,
  reviewedAt: null,
  finishedAt: null,
  timeline: [],
});

export const PERSONAL = '/front/v1/personal';

/** What the withdraw page reads on each show: the rule, the cards and the service agreement. */
export function withdrawPageServer(
  info: WithdrawalRuleInfo = withdrawalRule(),
  cards = [bankCard('BC1', '招商银行', '7894'), bankCard('BC2', '工商银行', '5678')],
): void {
  route('GET', `${PERSONAL}/withdrawal/rule`, () => ({ info }));
  route('GET', `${PERSONAL}/getBankCardList`, () => ({ info: { list: cards } }));
  route('GET', `${PERSONAL}/service/agreement`, () => ({
    info: { agreementName: '推广服务协议', agreementContent: '推广服务协议全文' },
  }));
}
