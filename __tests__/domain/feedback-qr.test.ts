/** Feedback form rules and the QR hints per platform. */
import { feedbackProblem, FEEDBACK_TEXTS } from '../../src/domain/feedback';
import { qrHint, QR_HINTS } from '../../src/domain/qr';

const ok = { feedbackType: '产品建议', content: '希望增加夜间课程', images: [], contact: '' };

describe('feedback', () => {
  test.each([
    [{ ...ok, feedbackType: '' }, '请选择反馈类型'],
    [{ ...ok, content: '   ' }, '请填写反馈内容'],
    [{ ...ok, content: 'x'.repeat(501) }, '反馈内容不能超过500个字'],
    [{ ...ok, images: Array(7).fill('/storage/a.png') }, '最多上传6张图片'],
    [{ ...ok, contact: 'x'.repeat(51) }, '联系方式不能超过50个字'],
    [{ ...ok, images: Array(6).fill('/storage/a.png'), contact: '13800138000' }, null],
    [ok, null],
  ])('%#: %p', (draft, problem) => expect(feedbackProblem(draft)).toBe(problem));

  test('the texts the server uses too', () => {
    expect(FEEDBACK_TEXTS.typeRequired).toBe('请选择反馈类型');
    expect(FEEDBACK_TEXTS.contentRequired).toBe('请填写反馈内容');
  });
});

describe('QR hints per platform', () => {
  test.each(['h5', 'weapp', 'swan'])('%s says how to keep the code', (p) => {
    expect(qrHint(p)).toBe(QR_HINTS[p as keyof typeof QR_HINTS]);
    expect(qrHint(p)).toMatch(/长按/);
  });
  test('an unknown platform gets the browser hint', () => expect(qrHint('alipay')).toBe(QR_HINTS.h5));
  test('mini-programs offer the album, the browser does not', () => {
    expect(QR_HINTS.weapp).toMatch(/相册/);
    expect(QR_HINTS.h5).not.toMatch(/相册/);
  });
});
