/**
 * The console's frame (ProLayout): the menu of the pages the operator's role may open, the project switcher,
 * and the operator's menu. A page the role may not open, reached by its address, shows why instead.
 */
import { Suspense } from 'react';
import {
  AppstoreOutlined,
  CarOutlined,
  CreditCardOutlined,
  CustomerServiceOutlined,
  FileSearchOutlined,
  FormOutlined,
  GiftOutlined,
  LayoutOutlined,
  LinkOutlined,
  LockOutlined,
  MessageOutlined,
  ProfileOutlined,
  QrcodeOutlined,
  SettingOutlined,
  StopOutlined,
  ShareAltOutlined,
  ShopOutlined,
  TagsOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { ProLayout } from '@ant-design/pro-components';
import { Spin } from 'antd';
import { Link, Outlet, useLocation } from 'react-router';
import { OPERATOR_ROLE_NAMES } from '@contract/operators';
import { entryAt, mayOpen, menuFor, type NavKey } from '../nav';
import { ProjectProvider } from '../projects/project-context';
import { useOperator } from '../session/session-context';
import { Forbidden } from './forbidden';
import { ProjectSwitcher } from './project-switcher';
import { UserMenu } from './user-menu';

const ICONS: Record<NavKey, JSX.Element> = {
  catalogue: <AppstoreOutlined />,
  'points-items': <GiftOutlined />,
  shipping: <CarOutlined />,
  orders: <ProfileOutlined />,
  'after-sales': <CustomerServiceOutlined />,
  'order-links': <LinkOutlined />,
  withdrawals: <WalletOutlined />,
  promoters: <ShareAltOutlined />,
  forms: <FormOutlined />,
  feedback: <MessageOutlined />,
  coupons: <TagsOutlined />,
  claims: <QrcodeOutlined />,
  cards: <CreditCardOutlined />,
  'home-pages': <LayoutOutlined />,
  access: <StopOutlined />,
  settings: <SettingOutlined />,
  operators: <TeamOutlined />,
  audit: <FileSearchOutlined />,
  password: <LockOutlined />,
};

export default function Shell() {
  const operator = useOperator();
  const location = useLocation();
  const entry = entryAt(location.pathname);
  const closed = entry && !mayOpen(operator.role, entry);
  return (
    <ProjectProvider>
      <ProLayout
        title="运营后台"
        logo={<ShopOutlined style={{ fontSize: 22, color: '#1677ff' }} />}
        layout="mix"
        fixSiderbar
        location={{ pathname: location.pathname }}
        route={{
          path: '/',
          routes: menuFor(operator.role).map((group) => ({
            path: `/${group.key}-section`,
            name: group.name,
            children: group.entries.map((e) => ({ path: e.path, name: e.name, icon: ICONS[e.key] })),
          })),
        }}
        // Sections as titled groups, always open: fifteen pages in one list were hard to scan.
        menu={{ locale: false, type: 'group' }}
        menuItemRender={(item, dom) => <Link to={item.path ?? '/'}>{dom}</Link>}
        actionsRender={() => [<ProjectSwitcher key="project" />]}
        avatarProps={{
          icon: <UserOutlined />,
          size: 'small',
          title: `${operator.displayName}（${OPERATOR_ROLE_NAMES[operator.role]}）`,
          render: (_props, dom) => <UserMenu>{dom}</UserMenu>,
        }}
      >
        {closed ? (
          <Forbidden entry={entry} role={operator.role} />
        ) : (
          <Suspense fallback={<Spin size="large" style={{ display: 'block', margin: '120px auto' }} />}>
            <Outlet />
          </Suspense>
        )}
      </ProLayout>
    </ProjectProvider>
  );
}
