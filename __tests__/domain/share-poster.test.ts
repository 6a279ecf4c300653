/**
 * The detail page's share poster: its link carries the project and the promoter code, its text wraps to the
 * poster's width, its cover fills its frame uncut in proportion, its drawing asks the server for the QR code of that
 * link, and saving to the album follows the mini-programs' authorisation flow with its refusal text.
 */
import type { Api } from '../../src/api';
import { drawPoster } from '../../src/components/share-poster/draw';
import type { PosterCanvas } from '../../src/components/share-poster/canvas-types';
import {
  POSTER_HEIGHT,
  POSTER_TEXTS,
  POSTER_WIDTH,
  coverCrop,
  posterLayout,
  posterLink,
  wrapText,
  type PosterOp,
} from '../../src/components/share-poster/layout';
import { ALBUM_TEXTS, saveToAlbum, type AlbumDeps } from '../../src/components/share-poster/save-album';

/** Every character 10 px wide at 16 px. */
const measure = (text: string, font: { size: number }) => Array.from(text).length * (font.size * 0.625);
const FONT = { size: 16 };

describe('the poster’s link', () => {
  test('a course opens courseDetail, anything else activityDetail, with the project and the promoter code', () => {
    expect(
      posterLink('http://shop.example.com/', { actSn: 'demo-course-01', actType: 'COURSE' }, 'demo', 'P0DE000001A'),
    ).toBe(
      'http://shop.example.com/#/pages/activity/courseDetail?actSn=demo-course-01&projectSn=demo&promoterCode=P0DE000001A',
    );
    expect(posterLink('http://localhost:3000/', { actSn: 'demo-goods-03', actType: 'GOODS' }, 'demo')).toBe(
      'http://localhost:3000/#/pages/activity/activityDetail?actSn=demo-goods-03&projectSn=demo',
    );
  });
});

describe('the poster’s layout', () => {
  test('text wraps at the width and the last line ends in … when more is left', () => {
    expect(wrapText('一二三四五', 50, 2, FONT, measure)).toEqual(['一二三四五']);
    expect(wrapText('一二三四五六七', 50, 2, FONT, measure)).toEqual(['一二三四五', '六七']);
    expect(wrapText('一二三四五六七八九十甲乙', 50, 2, FONT, measure)).toEqual(['一二三四五', '六七八九…']);
    expect(wrapText('', 50, 2, FONT, measure)).toEqual([]);
  });

  test('a cover fills its frame: the middle of a wide picture, the middle of a tall one', () => {
    expect(coverCrop({ width: 800, height: 300 }, 300, 225)).toEqual({ sx: 200, sy: 0, sw: 400, sh: 300 });
    expect(coverCrop({ width: 300, height: 600 }, 300, 225)).toEqual({ sx: 0, sy: 187.5, sw: 300, sh: 225 });
  });

  test('cover, name, price and the QR code with its hint, all inside the poster', () => {
    const cover = { width: 800, height: 600, source: 'cover' };
    const qr = { width: 360, height: 360, source: 'qr' };
    const ops = posterLayout({ name: '会计初级职称全程班', price: '¥1680', store: '示范商城', cover, qr }, measure);
    const texts = ops.filter((o): o is Extract<PosterOp, { kind: 'text' }> => o.kind === 'text').map((o) => o.text);
    expect(texts).toEqual(['会计初级职称全程班', '¥1680', POSTER_TEXTS.scan, POSTER_TEXTS.more, '示范商城']);
    const images = ops.filter((o): o is Extract<PosterOp, { kind: 'image' }> => o.kind === 'image');
    expect(images.map((o) => o.image.source)).toEqual(['cover', 'qr']);
    for (const o of ops) {
      if (o.kind === 'text') {
        expect(o.x + measure(o.text, o.font)).toBeLessThanOrEqual(POSTER_WIDTH);
        expect(o.y).toBeLessThanOrEqual(POSTER_HEIGHT);
      } else {
        expect(o.x + o.w).toBeLessThanOrEqual(POSTER_WIDTH);
        expect(o.y + o.h).toBeLessThanOrEqual(POSTER_HEIGHT);
      }
    }
    // Without a cover the frame is grey, never empty white over the name.
    const bare = posterLayout({ name: 'x', price: '免费', store: '', cover: null, qr }, measure);
    expect(bare.filter((o) => o.kind === 'image').length).toBe(1);
    expect(bare[1]).toMatchObject({ kind: 'rect', color: '#f2f2f2' });
  });
});

describe('drawing', () => {
  const detail = {
    actSn: 'demo-course-02',
    actName: '会计初级职称全程班',
    actType: 'COURSE',
    cover: '/static/seed/course-02.png',
    price: 168000,
    pointsPrice: null,
  };
  const fakeCanvas = (failCover = false) => {
    const loaded: string[] = [];
    let painted: readonly PosterOp[] = [];
    const canvas: PosterCanvas = {
      loadImage: async (src) => {
        loaded.push(src);
        if (failCover && !src.startsWith('data:')) throw new Error('cover');
        return { width: 360, height: 360, source: src };
      },
      measure,
      paint: async (ops) => {
        painted = ops;
        return 'data:image/png;base64,POSTER';
      },
    };
    return { canvas, loaded, painted: () => painted };
  };
  const api = (qrTexts: string[]) =>
    ({
      activity: { details: async () => detail },
      service: {
        qrCode: async (text: string) => {
          qrTexts.push(text);
          return { image: 'data:image/png;base64,QR' };
        },
      },
    }) as unknown as Api;
  const ctx = { base: 'http://localhost:3000/', projectSn: 'demo', store: '示范商城', promoterCode: 'P0DE000001A' };

  test('asks the server for the QR code of the item’s link and paints the item’s name and price', async () => {
    const asked: string[] = [];
    const { canvas, loaded, painted } = fakeCanvas();
    const drawn = await drawPoster(api(asked), 'demo-course-02', ctx, canvas);
    expect(asked).toEqual([
      'http://localhost:3000/#/pages/activity/courseDetail?actSn=demo-course-02&projectSn=demo&promoterCode=P0DE000001A',
    ]);
    expect(drawn).toEqual({ image: 'data:image/png;base64,POSTER', link: asked[0], actName: '会计初级职称全程班' });
    expect(loaded).toContain('data:image/png;base64,QR');
    expect(loaded.some((src) => src.endsWith('/static/seed/course-02.png'))).toBe(true);
    const texts = painted().flatMap((o) => (o.kind === 'text' ? [o.text] : []));
    expect(texts.slice(0, 2)).toEqual(['会计初级职称全程班', '¥1680']);
  });

  test('a cover that will not load leaves a grey frame; the poster is still drawn', async () => {
    const { canvas, painted } = fakeCanvas(true);
    await drawPoster(api([]), 'demo-course-02', ctx, canvas);
    expect(painted().filter((o) => o.kind === 'image').length).toBe(1);
  });
});

describe('saving to the album (mini-programs)', () => {
  const deps = (over: Partial<AlbumDeps>, calls: string[]): AlbumDeps => ({
    granted: async () => {
      calls.push('granted');
      return undefined;
    },
    authorize: async () => {
      calls.push('authorize');
    },
    save: async () => {
      calls.push('save');
    },
    askSettings: async (text) => {
      calls.push(`ask:${text}`);
      return false;
    },
    openSettings: async () => {
      calls.push('settings');
      return true;
    },
    ...over,
  });

  test('asked the first time, then saved', async () => {
    const calls: string[] = [];
    expect(await saveToAlbum('/tmp/p.png', deps({}, calls))).toBe('saved');
    expect(calls).toEqual(['granted', 'authorize', 'save']);
    expect(ALBUM_TEXTS.saved).toBe('已保存到相册');
  });

  test('refused when asked: nothing saved, the refusal text', async () => {
    const calls: string[] = [];
    const refuse = deps({ authorize: async () => Promise.reject({ errMsg: 'authorize:fail auth deny' }) }, calls);
    expect(await saveToAlbum('/tmp/p.png', refuse)).toBe('denied');
    expect(calls).not.toContain('save');
    expect(ALBUM_TEXTS.denied).toBe('需要您允许保存到相册，请在设置中开启后重试');
  });

  test('refused before: the customer is told why and offered the settings; turned on there, it saves', async () => {
    const calls: string[] = [];
    const before = { granted: async () => false as const };
    expect(await saveToAlbum('/tmp/p.png', deps(before, calls))).toBe('denied');
    expect(calls).toEqual([`ask:${ALBUM_TEXTS.denied}`]);
    const again: string[] = [];
    const opened = deps({ ...before, askSettings: async () => true }, again);
    expect(await saveToAlbum('/tmp/p.png', opened)).toBe('saved');
    expect(again).toEqual(['settings', 'save']);
  });

  test('allowed already: saved without asking; a failed write is not called a refusal', async () => {
    const calls: string[] = [];
    const allowed = { granted: async () => true as const };
    expect(await saveToAlbum('/tmp/p.png', deps(allowed, calls))).toBe('saved');
    expect(calls).toEqual(['save']);
    const broken = deps({ ...allowed, save: async () => Promise.reject({ errMsg: 'saveImage:fail io' }) }, []);
    expect(await saveToAlbum('/tmp/p.png', broken)).toBe('failed');
  });
});
