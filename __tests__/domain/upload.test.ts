/** Uploads (§3, §5 status 200, §8 texts): keys, credentials reuse, host resolution and the uploader's messages. */
import type { UploadCredentials } from '@contract/upload';
import {
  credentialsUsable,
  imageTypeOf,
  postFields,
  resolveHost,
  screenPick,
  summaryText,
  uploadKey,
  UPLOAD_TEXTS,
} from '../../src/domain/upload';
import { createUploader } from '../../src/platform/upload/uploader';

const cred = (expireSecondsAt: number, host = '/storage'): UploadCredentials => ({
  dir: 'u/demo/abc/',
  host,
  policy: 'cG9saWN5',
  signature: 'c2ln',
  accessId: 'storefront-local',
  expireSecondsAt,
  maxBytes: 5 * 1024 * 1024,
});

describe('upload rules', () => {
  test.each([
    [1, '开始上传第1张'],
    [6, '开始上传第6张'],
  ])('start text %s', (n, text) => expect(UPLOAD_TEXTS.start(n)).toBe(text));

  test.each([
    [2, 0, '上传成功'],
    [1, 1, '成功上传1张, 失败1张'],
    [0, 3, '成功上传0张, 失败3张'],
  ])('summary %s ok %s failed', (ok, failed, text) => expect(summaryText(ok, failed)).toBe(text));

  describe('a pick: what goes up, and what the customer is told was left out', () => {
    const isImage = (name: string) => imageTypeOf(undefined, name) !== null;
    const pngs = (n: number) => Array.from({ length: n }, (_, i) => `p${i}.png`);

    test('within the room: all go up, nothing to say', () => {
      expect(screenPick(pngs(3), 6, 6, isImage)).toEqual({ accepted: pngs(3), notice: null });
    });

    test('more than the room: the first ones go up, the rest are named', () => {
      expect(screenPick(pngs(8), 6, 6, isImage)).toEqual({ accepted: pngs(6), notice: '最多上传6张，多选的2张未上传' });
      // Four already shown: room for two.
      expect(screenPick(pngs(3), 2, 6, isImage)).toEqual({ accepted: pngs(2), notice: '最多上传6张，多选的1张未上传' });
    });

    test('files that are not images are named, and do not take an image’s place', () => {
      expect(screenPick(['a.pdf', 'b.png', 'c.txt'], 1, 3, isImage)).toEqual({
        accepted: ['b.png'],
        notice: '只能上传图片（JPG、PNG、GIF、WebP），2个文件未上传',
      });
      expect(screenPick(['a.pdf', ...pngs(3)], 2, 3, isImage).notice).toBe(
        '只能上传图片（JPG、PNG、GIF、WebP），1个文件未上传；最多上传3张，多选的1张未上传',
      );
    });

    test('files the chooser could not open (never handed over) are counted as not images', () => {
      expect(screenPick([], 6, 6, isImage, 1)).toEqual({
        accepted: [],
        notice: '只能上传图片（JPG、PNG、GIF、WebP），1个文件未上传',
      });
      expect(screenPick(['a.pdf', 'b.png'], 6, 6, isImage, 2).notice).toBe(
        '只能上传图片（JPG、PNG、GIF、WebP），3个文件未上传',
      );
    });
  });

  test.each([
    ['image/png', 'a', 'image/png'],
    ['image/jpg', 'a', 'image/jpeg'],
    ['', 'wxfile://tmp/abc.JPG', 'image/jpeg'],
    [undefined, 'http://tmp/x.webp', 'image/webp'],
    ['text/html', 'x.html', null],
    ['', 'blob:http://localhost/123', null],
  ])('type of %s %s', (declared, name, type) => expect(imageTypeOf(declared, name)).toBe(type));

  test("keys stay under the dir with safe characters and the type's extension", () => {
    const key = uploadKey('u/demo/abc/', 'image/jpeg', 1_700_000_000_000, () => 0.5);
    expect(key).toMatch(/^u\/demo\/abc\/[a-z0-9]+\.jpg$/);
    expect(uploadKey('d/', 'image/png', 1, () => 0.1)).not.toBe(uploadKey('d/', 'image/png', 1, () => 0.2));
  });

  test('credentials are reused until a minute before they expire', () => {
    expect(credentialsUsable(null, 0)).toBe(false);
    expect(credentialsUsable(cred(1000), 900_000)).toBe(true);
    expect(credentialsUsable(cred(1000), 941_000)).toBe(false);
  });

  test.each([
    ['/storage', '', '/storage'],
    ['/storage', 'http://localhost:3000', 'http://localhost:3000/storage'],
    ['/storage', 'https://api.example.com/base', 'https://api.example.com/storage'],
    ['https://b.oss-cn-hangzhou.aliyuncs.com/', 'http://localhost:3000', 'https://b.oss-cn-hangzhou.aliyuncs.com'],
  ])('host %s on base %s', (host, base, out) => expect(resolveHost(host, base)).toBe(out));

  test('the PostObject fields (§7): policy, signature, key, access id, status 200, the type', () => {
    expect(postFields(cred(1), 'u/demo/abc/1.png', 'image/png')).toEqual({
      key: 'u/demo/abc/1.png',
      policy: 'cG9saWN5',
      OSSAccessKeyId: 'storefront-local',
      Signature: 'c2ln',
      success_action_status: '200',
      'Content-Type': 'image/png',
    });
  });
});

describe('uploader', () => {
  function setup(statuses: Array<number | Error>) {
    const texts: string[] = [];
    const posted: Array<{ host: string; key: string }> = [];
    let signs = 0;
    const upload = createUploader({
      credentials: async () => {
        signs += 1;
        return cred(Math.floor(Date.now() / 1000) + 600);
      },
      post: async (host, fields) => {
        posted.push({ host, key: fields.key });
        const next = statuses.shift();
        if (next instanceof Error) throw next;
        return next ?? 200;
      },
      apiBase: 'http://localhost:3000',
      now: () => Date.now(),
      progress: (t) => texts.push(`progress:${t}`),
      done: (t) => texts.push(`done:${t}`),
    });
    return { upload, texts, posted, signs: () => signs };
  }

  test('uploads each image in turn, says so, and returns the stored URLs', async () => {
    const s = setup([200, 200]);
    const out = await s.upload([{ path: 'a.png' }, { path: 'b.jpg' }]);
    expect(s.texts).toEqual(['progress:开始上传第1张', 'progress:开始上传第2张', 'done:上传成功']);
    expect(out.ok).toBe(2);
    expect(out.urls.every((u) => u && u.startsWith('http://localhost:3000/storage/u/demo/abc/'))).toBe(true);
    expect(s.signs()).toBe(1);
  });

  test('a refused or failed upload is counted, not returned (§5: only 200 is success)', async () => {
    const s = setup([200, 403, new Error('network')]);
    const out = await s.upload([{ path: 'a.png' }, { path: 'b.png' }, { path: 'c.png' }]);
    expect(out.urls.map(Boolean)).toEqual([true, false, false]);
    expect(s.texts[s.texts.length - 1]).toBe('done:成功上传1张, 失败2张');
  });

  test('a file that is not an image is never posted', async () => {
    const s = setup([]);
    const out = await s.upload([{ path: 'notes.txt', type: 'text/plain' }]);
    expect(s.posted).toEqual([]);
    expect(out.failed).toBe(1);
  });
});
