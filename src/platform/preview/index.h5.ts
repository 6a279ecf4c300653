/**
 * H5: Taro's previewImage brings the swiper library (194 KB, 45 KB br). Imported by the detail pages, it was fetched
 * and evaluated before their content could paint (the activity detail's LCP); now it is loaded on the
 * first tap on a picture (a chunk of its own), and a tap while it loads opens the viewer when it is there.
 */
export function previewImages(urls: string[], current?: string): void {
  if (!urls.length) return;
  void import(/* webpackChunkName: "preview" */ './open')
    .then((m) => m.previewImages(urls, current))
    .catch(() => undefined);
}
