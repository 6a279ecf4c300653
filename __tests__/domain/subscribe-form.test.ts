import { newSubscribeId, swanFormResults } from '../../src/domain/subscribe-form';

describe("Baidu's subscribe form result", () => {
  it('one template-id: its formId grants it', () => {
    expect(swanFormResults(['B-REFUND'], { formId: 'a1b2', status: 0 })).toEqual({ 'B-REFUND': 'accept' });
  });

  it('an array of template-ids: each one with a formId is granted, the others not', () => {
    const ids = ['B-PAID', 'B-SHIP', 'B-DUE'];
    expect(swanFormResults(ids, { formId: { 'B-PAID': 'f1', 'B-DUE': 'f3', 'B-X': 'f9' } })).toEqual({
      'B-PAID': 'accept',
      'B-DUE': 'accept',
    });
  });

  it("refusals (500101-500105), Baidu's developer tool (formId '') and odd shapes grant nothing", () => {
    for (const status of [500101, 500102, 500103, 500104, 500105, '500103'])
      expect(swanFormResults(['B-PAID'], { formId: 'f1', status })).toEqual({});
    expect(swanFormResults(['B-PAID'], { formId: '' })).toEqual({});
    expect(swanFormResults(['B-PAID', 'B-SHIP'], { formId: 'f1' })).toEqual({});
    expect(swanFormResults(['B-PAID'], {})).toEqual({});
    expect(swanFormResults(['B-PAID'], { formId: 7 })).toEqual({});
  });

  it('a subscribe-id is new for each form, names its moment and fits the server (64)', () => {
    const a = newSubscribeId('afterPay', 1_764_316_800_000, 0.1);
    const b = newSubscribeId('afterPay', 1_764_316_800_000, 0.2);
    expect(a).toMatch(/^afterPay-[0-9a-z]+$/);
    expect(a).not.toBe(b);
    expect(newSubscribeId('x'.repeat(80)).length).toBe(64);
  });
});
