/**
 * The console: antd in Chinese (zhCN, dayjs zh-cn; buttons read as written, without antd's space between two
 * characters), the session, and one lazily loaded chunk per page, so the login screen loads without the layout
 * and the tables.
 */
import { lazy, Suspense } from 'react';
import { App as AntApp, ConfigProvider, Spin } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { navFor } from './nav';
import { SessionProvider, useSession } from './session/session-context';

dayjs.locale('zh-cn');

const LoginPage = lazy(() => import('./pages/login/login-page'));
const Shell = lazy(() => import('./shell/shell'));
const ShippingPage = lazy(() => import('./pages/shipping/shipping-page'));
const CataloguePage = lazy(() => import('./pages/catalogue/catalogue-page'));
const CatalogueEditPage = lazy(() => import('./pages/catalogue/catalogue-edit-page'));
const PointsItemsPage = lazy(() => import('./pages/integral/points-items-page'));
const OrdersPage = lazy(() => import('./pages/orders/orders-page'));
const OrderDetailPage = lazy(() => import('./pages/orders/order-detail-page'));
const OrderLinksPage = lazy(() => import('./pages/order-links/order-links-page'));
const AfterSalesPage = lazy(() => import('./pages/after-sales/after-sales-page'));
const WithdrawalsPage = lazy(() => import('./pages/withdrawals/withdrawals-page'));
const PromotersPage = lazy(() => import('./pages/promoters/promoters-page'));
const FormsPage = lazy(() => import('./pages/forms/forms-page'));
const FeedbackPage = lazy(() => import('./pages/feedback/feedback-page'));
const CouponsPage = lazy(() => import('./pages/marketing/coupons-page'));
const ClaimsPage = lazy(() => import('./pages/marketing/claims-page'));
const CardsPage = lazy(() => import('./pages/marketing/cards-page'));
const HomePagesPage = lazy(() => import('./pages/home-pages/home-pages-page'));
const AccessPage = lazy(() => import('./pages/access/access-page'));
const StoreSettingsPage = lazy(() => import('./pages/settings/store-settings-page'));
const OperatorsPage = lazy(() => import('./pages/operators/operators-page'));
const AuditPage = lazy(() => import('./pages/audit/audit-page'));
const PasswordPage = lazy(() => import('./pages/password/password-page'));
const NotFoundPage = lazy(() => import('./pages/not-found-page'));

export const Loading = () => <Spin size="large" style={{ display: 'block', margin: '120px auto' }} />;

/** Pages under the shell need a session; without one the login page opens and comes back here after. */
function RequireSession() {
  const { session } = useSession();
  const location = useLocation();
  if (!session) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <Shell />;
}

/** The first page of the operator's menu. */
function FirstPage() {
  const { operator } = useSession();
  return <Navigate to={operator ? navFor(operator.role)[0].path : '/login'} replace />;
}

export function ConsoleApp() {
  return (
    <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }}>
      <AntApp>
        <SessionProvider>
          <BrowserRouter basename="/admin">
            <Suspense fallback={<Loading />}>
              <Routes>
                <Route path="/login" element={<LoginPage />} />
                <Route element={<RequireSession />}>
                  <Route index element={<FirstPage />} />
                  <Route path="/shipping" element={<ShippingPage />} />
                  <Route path="/catalogue" element={<CataloguePage />} />
                  <Route path="/catalogue/:actSn" element={<CatalogueEditPage />} />
                  <Route path="/points-items" element={<PointsItemsPage />} />
                  <Route path="/orders" element={<OrdersPage />} />
                  <Route path="/orders/:orderNo" element={<OrderDetailPage />} />
                  <Route path="/order-links" element={<OrderLinksPage />} />
                  <Route path="/after-sales" element={<AfterSalesPage />} />
                  <Route path="/withdrawals" element={<WithdrawalsPage />} />
                  <Route path="/promoters" element={<PromotersPage />} />
                  <Route path="/forms" element={<FormsPage />} />
                  <Route path="/feedback" element={<FeedbackPage />} />
                  <Route path="/coupons" element={<CouponsPage />} />
                  <Route path="/claims" element={<ClaimsPage />} />
                  <Route path="/cards" element={<CardsPage />} />
                  <Route path="/home-pages" element={<HomePagesPage />} />
                  <Route path="/access" element={<AccessPage />} />
                  <Route path="/settings" element={<StoreSettingsPage />} />
                  <Route path="/operators" element={<OperatorsPage />} />
                  <Route path="/audit" element={<AuditPage />} />
                  <Route path="/password" element={<PasswordPage />} />
                  <Route path="*" element={<NotFoundPage />} />
                </Route>
              </Routes>
            </Suspense>
          </BrowserRouter>
        </SessionProvider>
      </AntApp>
    </ConfigProvider>
  );
}
