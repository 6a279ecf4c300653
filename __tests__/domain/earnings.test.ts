/**
 * Earnings rules both sides compute: card numbers (length, Luhn, masks), identity (name shape, GB 11643
 * ID with birth date, adult), withdrawal rules (format, minimum, balance, daily amount and count, fee), and the
 * storefront's ledger grouping, amount input and share link carrying the promoter code.
 */
import {
  CARD_MESSAGES,
  cardNoError,
  groupCardNo,
  luhnCheckDigit,
  luhnValid,
  maskCardNo,
  normalizeCardNo,
} from '../../contract/rules/luhn';
import { IDENTITY_MESSAGES, idNumberError, isAdult, maskRealName, realNameError } from '../../contract/rules/identity';
import {
  maxWithdrawable,
  readAmountText,
  ruleLines,
  withdrawalError,
  withdrawalFee,
  WITHDRAWAL_MESSAGES,
  yuanTextToFen,
  type WithdrawalContext,
  type WithdrawalRule,
} from '../../contract/rules/withdrawal';
import { groupLedgerByMonth, ledgerAmountText, signedMoney, withdrawVerdict } from '../../src/domain/earnings';
import { sharePath } from '../../src/domain/share';
import type { LedgerLine, WithdrawalRuleInfo } from '../../contract/earnings';

describe('bank card numbers', () => {
  test.each([
    ['6222021234567894', true],
    ['6222021234567895', false],
    ['4111111111111111', true],
    ['79927398713', true],
    ['79927398710', false],
    ['', false],
    ['6222a21234567894', false],
  ])('Luhn %s -> %s', (digits, ok) => expect(luhnValid(digits)).toBe(ok));

  test.each([
    ['', CARD_MESSAGES.empty],
    ['622202', CARD_MESSAGES.length],
    ['62220212345678901234', CARD_MESSAGES.length],
    ['6222-0212-3456-7895', CARD_MESSAGES.checksum],
    ['6222 0212 3456 7894', null],
    ['6217001234567890122', null],
    ['62220212345678９４', CARD_MESSAGES.length],
  ])('cardNoError(%j) -> %j', (raw, message) => expect(cardNoError(raw)).toBe(message));

  test('a check digit makes any body pass', () => {
    for (const body of ['622202123456789', '621700123456789012', '40000000000000'])
      expect(luhnValid(body + luhnCheckDigit(body))).toBe(true);
  });

  test('masks and grouping', () => {
    expect(maskCardNo('6222021234567894')).toBe('**** **** **** 7894');
    expect(maskCardNo('7894')).toBe('**** **** **** 7894');
    expect(normalizeCardNo(' 6222 0212-3456 7894 ')).toBe('6222021234567894');
    expect(groupCardNo('6217001234567890122')).toBe('6217 0012 3456 7890 122');
  });
});

describe('identity', () => {
  const now = Date.UTC(2026, 10, 22);
  test.each([
    ['张三', null],
    ['阿依古丽·买买提', null],
    ['', IDENTITY_MESSAGES.nameEmpty],
    ['张', IDENTITY_MESSAGES.nameShape],
    ['Zhang San', IDENTITY_MESSAGES.nameShape],
    ['张三1', IDENTITY_MESSAGES.nameShape],
    ['·张三', IDENTITY_MESSAGES.nameShape],
  ])('realNameError(%j) -> %j', (name, message) => expect(realNameError(name)).toBe(message));

  test.each([
    ['110101199003071233', null],
    ['11010519491231002x', null],
    ['110101199003071234', IDENTITY_MESSAGES.idInvalid],
    ['110101199002301237', IDENTITY_MESSAGES.idInvalid],
    ['110101201001011237', IDENTITY_MESSAGES.minor],
    ['110101900307123', IDENTITY_MESSAGES.idShort],
    ['', IDENTITY_MESSAGES.idEmpty],
  ])('idNumberError(%j) -> %j', (id, message) => expect(idNumberError(id, now)).toBe(message));

  test('adult on the 18th birthday (China date), not the day before', () => {
    const id = '110101200811220000'; // only the birth date is read
    expect(isAdult(id, Date.UTC(2026, 10, 21, 12))).toBe(false);
    expect(isAdult(id, Date.UTC(2026, 10, 21, 16, 30))).toBe(true); // 00:30 on the 22nd in China
  });

  test('a verified name is shown without the family name', () => {
    expect(maskRealName('张三')).toBe('*三');
    expect(maskRealName('欧阳娜娜')).toBe('*阳娜娜');
  });
});

describe('withdrawal rules', () => {
  const rule: WithdrawalRule = {
    minAmount: 1000,
    maxPerDay: 500000,
    countPerDay: 3,
    feeBps: 0,
    feeMin: 0,
    identityRequired: true,
    bankCardRequired: true,
  };
  const ctx: WithdrawalContext = {
    available: 20000,
    todayAmount: 0,
    todayCount: 0,
    verified: true,
    hasCard: true,
    payoutTo: 'BANK_CARD',
  };

  test.each([
    ['12', 1200],
    ['12.3', 1230],
    ['12.34', 1234],
    ['0.01', 1],
    ['12.', 1200],
    ['12.345', null],
    ['-1', null],
    ['1e3', null],
    ['', null],
  ])('yuanTextToFen(%j) -> %j', (text, fen) => expect(yuanTextToFen(text)).toBe(fen));

  test.each<[string, number | null, Partial<typeof ctx>, Partial<WithdrawalRule>, string | null]>([
    ['fine', 1000, {}, {}, null],
    ['the whole balance', 20000, {}, {}, null],
    ['identity first', 1000, { verified: false }, {}, WITHDRAWAL_MESSAGES.identity],
    ['identity not required', 1000, { verified: false }, { identityRequired: false }, null],
    ['card first', 1000, { hasCard: false }, {}, WITHDRAWAL_MESSAGES.bankCard],
    ['no card needed for WeChat balance', 1000, { hasCard: false, payoutTo: 'WECHAT_BALANCE' }, {}, null],
    [
      'identity still first for WeChat balance',
      1000,
      { verified: false, payoutTo: 'WECHAT_BALANCE' },
      {},
      WITHDRAWAL_MESSAGES.identity,
    ],
    ['bad format', null, {}, {}, WITHDRAWAL_MESSAGES.amountFormat],
    ['zero', 0, {}, {}, WITHDRAWAL_MESSAGES.amountEmpty],
    ['below minimum', 999, {}, {}, '单笔提现金额不能低于¥10'],
    ['over balance', 20001, {}, {}, WITHDRAWAL_MESSAGES.overBalance],
    ['negative balance after a clawback', 1000, { available: -500 }, {}, WITHDRAWAL_MESSAGES.overBalance],
    ['count reached', 1000, { todayCount: 3 }, {}, '今日提现次数已达上限（3次）'],
    ['daily amount', 1000, { available: 900000, todayAmount: 499500 }, {}, '超出今日提现额度，今日还可提现¥5'],
    ['fee eats it', 1000, {}, { feeMin: 1000, feeBps: 10 }, WITHDRAWAL_MESSAGES.feeTooHigh],
  ])('%s', (_name, amount, c, r, message) =>
    expect(withdrawalError(amount, { ...rule, ...r }, { ...ctx, ...c })).toBe(message),
  );

  test('fee: basis points rounded up to the fen, with a minimum; none when both are 0', () => {
    expect(withdrawalFee(12345, rule)).toBe(0);
    expect(withdrawalFee(12345, { feeBps: 60, feeMin: 0 })).toBe(75);
    expect(withdrawalFee(1000, { feeBps: 60, feeMin: 100 })).toBe(100);
  });

  test('the most one may take now is the balance capped by what is left of today', () => {
    expect(maxWithdrawable(rule, { available: 20000, todayAmount: 0 })).toBe(20000);
    expect(maxWithdrawable(rule, { available: 900000, todayAmount: 450000 })).toBe(50000);
    expect(maxWithdrawable(rule, { available: -100, todayAmount: 0 })).toBe(0);
  });

  test('rule text names minimum, daily limits, fee, identity and card', () => {
    expect(ruleLines(rule, 'BANK_CARD').slice(0, 5)).toEqual([
      '单笔提现金额不低于¥10',
      '每日最多提现¥5000，最多3次',
      '提现手续费：免费',
      '提现前需完成实名认证',
      '仅可提现到本人实名的银行卡',
    ]);
    expect(ruleLines({ ...rule, feeBps: 60, feeMin: 100 }, 'BANK_CARD')[2]).toBe(
      '提现手续费：提现金额的0.6%，最低¥1，从提现金额中扣除',
    );
  });

  test('to WeChat balance the rule text names 微信零钱 and no card', () => {
    const lines = ruleLines(rule, 'WECHAT_BALANCE');
    expect(lines).toContain('提现转入本人微信零钱，到账前需在微信中确认收款');
    expect(lines.some((l) => l.includes('银行卡'))).toBe(false);
  });
});

describe('storefront earnings helpers', () => {
  const line = (
    id: number,
    kind: string,
    bucket: 'FROZEN' | 'AVAILABLE',
    amount: number,
    createdAt: string,
  ): LedgerLine => ({ id, kind, kindText: kind, title: 't', bucket, amount, createdAt });

  test('the ledger groups by China month; a release shows once, unsigned, and counts in neither total', () => {
    const months = groupLedgerByMonth([
      line(6, 'WITHDRAWAL', 'AVAILABLE', -1000, '2026-11-05T01:00:00Z'),
      line(5, 'RELEASE', 'AVAILABLE', 640, '2026-11-04T01:00:00Z'),
      line(4, 'RELEASE', 'FROZEN', -640, '2026-11-04T01:00:00Z'),
      line(3, 'COMMISSION', 'FROZEN', 640, '2026-10-31T16:30:00Z'), // 00:30 on 1 November in China
      line(2, 'COMMISSION', 'FROZEN', 200, '2026-10-31T15:00:00Z'),
      line(1, 'COMMISSION_CANCEL', 'FROZEN', -50, '2026-10-30T15:00:00Z'),
    ]);
    // A cancelled commission takes back income; it was never spent (this test said 支出 ¥0.5 before).
    expect(months.map((m) => [m.month, m.income, m.expense, m.lines.map((l) => l.id)])).toEqual([
      ['2026年11月', 640, 1000, [6, 5, 3]],
      ['2026年10月', 150, 0, [2, 1]],
    ]);
    expect(ledgerAmountText({ kind: 'RELEASE', amount: 640 })).toBe('¥6.4');
    expect(ledgerAmountText({ kind: 'COMMISSION', amount: 640 })).toBe('+¥6.4');
    expect(ledgerAmountText({ kind: 'WITHDRAWAL', amount: -1000 })).toBe('-¥10');
  });

  test('a returned withdrawal is no 收入: it takes its withdrawal back out of 支出', () => {
    const months = groupLedgerByMonth([
      line(4, 'WITHDRAWAL_RETURN', 'AVAILABLE', 10000, '2026-11-06T01:00:00Z'),
      line(3, 'WITHDRAWAL', 'AVAILABLE', -10000, '2026-11-05T01:00:00Z'),
      line(2, 'WITHDRAWAL', 'AVAILABLE', -1000, '2026-11-04T01:00:00Z'),
      line(1, 'CLAWBACK', 'AVAILABLE', -300, '2026-11-03T01:00:00Z'),
    ]);
    expect(months.map((m) => [m.income, m.expense])).toEqual([[-300, 1000]]);
  });

  // Whatever rows a month shows, its two totals come from exactly those rows: each row counts once in 收入 or
  // 支出 with its sign, or is a release and counts in neither.
  test('收入 and 支出 add up from the rows shown under each month', () => {
    const kinds = ['COMMISSION', 'RELEASE', 'COMMISSION_CANCEL', 'CLAWBACK', 'WITHDRAWAL', 'WITHDRAWAL_RETURN'];
    const lines: LedgerLine[] = [];
    for (let i = 0; i < 60; i++) {
      const kind = kinds[i % kinds.length];
      const amount =
        (kind === 'COMMISSION' || kind === 'RELEASE' || kind === 'WITHDRAWAL_RETURN' ? 1 : -1) *
        (100 + ((i * 37) % 900));
      const day = new Date(Date.UTC(2026, 10, 28) - i * 2 * 86_400_000).toISOString();
      lines.push(line(100 - i, kind, 'AVAILABLE', amount, day));
      if (kind === 'RELEASE') lines.push(line(1000 - i, kind, 'FROZEN', -amount, day));
    }
    const months = groupLedgerByMonth(lines);
    expect(months.length).toBeGreaterThan(2);
    const income = new Set(['COMMISSION', 'COMMISSION_CANCEL', 'CLAWBACK']);
    for (const m of months) {
      expect(m.lines.some((l) => l.kind === 'RELEASE' && l.bucket === 'FROZEN')).toBe(false);
      expect(m.income).toBe(m.lines.filter((l) => income.has(l.kind)).reduce((s, l) => s + l.amount, 0));
      expect(m.expense).toBe(-m.lines.filter((l) => l.kind.startsWith('WITHDRAWAL')).reduce((s, l) => s + l.amount, 0));
    }
    expect(months.reduce((n, m) => n + m.lines.length, 0)).toBe(60);
  });

  test('signed money', () => {
    expect(signedMoney(640)).toBe('+¥6.4');
    expect(signedMoney(-1000)).toBe('-¥10');
  });

  // The field keeps what was typed and this names what is wrong with it. It used to clean the text instead, so
  // "-5" became "5" and was sent as a ¥5 amount.
  test.each([
    ['12.34', { fen: 1234 }],
    ['007', { fen: 700 }],
    ['.5', { fen: 50 }],
    [' 3 ', { fen: 300 }],
    ['', { problem: 'EMPTY' }],
    ['  ', { problem: 'EMPTY' }],
    ['-5', { problem: 'NEGATIVE' }],
    ['-0.5', { problem: 'NEGATIVE' }],
    ['－5', { problem: 'NEGATIVE' }],
    ['−5', { problem: 'NEGATIVE' }],
    ['12.345', { problem: 'FORMAT' }],
    ['1.2.3', { problem: 'FORMAT' }],
    ['¥12a', { problem: 'FORMAT' }],
    ['5-', { problem: 'FORMAT' }],
  ])('readAmountText(%j) -> %j', (typed, read) => expect(readAmountText(typed)).toEqual(read));

  test('withdraw verdict: fee and actual amount, and the first problem', () => {
    const info: WithdrawalRuleInfo = {
      rule: {
        minAmount: 1000,
        maxPerDay: 500000,
        countPerDay: 3,
        feeBps: 60,
        feeMin: 0,
        identityRequired: true,
        bankCardRequired: true,
      },
      lines: [],
      available: 5000,
      todayAmount: 0,
      todayCount: 0,
      maxAmount: 5000,
      verified: true,
      hasCard: true,
      payoutTo: 'BANK_CARD',
    };
    expect(withdrawVerdict('20', info, true)).toEqual({ amount: 2000, fee: 12, actual: 1988, error: null });
    expect(withdrawVerdict('60', info, true).error).toBe(WITHDRAWAL_MESSAGES.overBalance);
    expect(withdrawVerdict('20', { ...info, verified: false }, true).error).toBe(WITHDRAWAL_MESSAGES.identity);
    expect(withdrawVerdict('20', info, false).error).toBe(WITHDRAWAL_MESSAGES.bankCard);
    expect(withdrawVerdict('20', { ...info, payoutTo: 'WECHAT_BALANCE' }, false).error).toBeNull();
    // A minus is refused by name, with nothing to send; other text that is no amount, by its format.
    expect(withdrawVerdict('-5', info, true)).toEqual({ amount: null, fee: 0, actual: 0, error: '提现金额不能为负数' });
    expect(withdrawVerdict('5元', info, true).error).toBe(WITHDRAWAL_MESSAGES.amountFormat);
    expect(withdrawVerdict('', info, true).error).toBe(WITHDRAWAL_MESSAGES.amountEmpty);
  });

  test("a promoter's share path carries the promoter code", () => {
    expect(sharePath('pages/activity/activityDetail', { actSn: 'a1' }, 'demo', 'P0DE000001A')).toBe(
      '/pages/activity/activityDetail?actSn=a1&projectSn=demo&promoterCode=P0DE000001A',
    );
    expect(sharePath('pages/activity/activityDetail', { actSn: 'a1' }, 'demo')).toBe(
      '/pages/activity/activityDetail?actSn=a1&projectSn=demo',
    );
  });
});
