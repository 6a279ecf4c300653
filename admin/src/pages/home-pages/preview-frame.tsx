/**
 * The page being edited as a phone shows it: the storefront's H5 (same origin) in a 375x667 frame, entered through
 * its entrance with the project and the page as the redirect (src/pages/entrance), as a visitor's link would.
 * `version` changes after each save: the frame loads again and the storefront asks the server afresh.
 */
import { Typography } from 'antd';
import type { OpsPage } from '../../api/home-pages';

/** The H5 routes of the four home tabs (src/app.config.ts tabBar) and of a custom page (query targetSn). */
const TAB_ROUTES = ['/pages/index/index', '/pages/index/tabTwo', '/pages/index/tabThree', '/pages/index/tabFour'];

export function previewUrl(projectSn: string, page: Pick<OpsPage, 'pageSn' | 'tabIndex'>, version: number): string {
  const route =
    page.tabIndex !== null && page.tabIndex < TAB_ROUTES.length
      ? TAB_ROUTES[page.tabIndex]
      : `/pages/index/indexCustom?targetSn=${encodeURIComponent(page.pageSn)}`;
  const hash = `/pages/entrance/entrance?projectSn=${encodeURIComponent(projectSn)}&redirect=${encodeURIComponent(route)}`;
  // The query before the hash makes each version a new document (a changed hash alone would not reload it).
  return `/?preview=${version}#${hash}`;
}

export function PreviewFrame({ src }: { src: string }) {
  return (
    <div style={{ position: 'sticky', top: 72 }}>
      <Typography.Text type="secondary">手机预览（保存后自动刷新）</Typography.Text>
      <div
        style={{
          marginTop: 8,
          width: 375 + 16,
          padding: 8,
          borderRadius: 24,
          background: '#1f1f1f',
          boxShadow: '0 4px 16px rgba(0,0,0,.2)',
        }}
      >
        <iframe
          key={src}
          title="手机预览"
          data-testid="page-preview"
          src={src}
          width={375}
          height={667}
          style={{ display: 'block', border: 0, borderRadius: 16, background: '#fff' }}
        />
      </div>
    </div>
  );
}
