import { Image } from '@tarojs/components';
import { useDidShow } from '@tarojs/taro';
import { observer, useLocalObservable } from 'mobx-react-lite';
import { runInAction } from 'mobx';
import { useCallback, useEffect } from 'react';
import type { ActivityCard, PageInfo, PageModule } from '@contract/pages';
import { integralCarrier, maskPhone, pointsPriceText, type IntegralType } from '@contract/rules/integral';
import { assetUrl } from '../../../api/asset';
import Box from '../../../components/box';
import PageModules from '../../../components/page-modules';
import { detailJumpEnum } from '../../../domain/catalogue';
import { resolveJump } from '../../../domain/jump';
import { ROUTES } from '../../../domain/routes';
import { imgAlt } from '../../../platform/a11y';
import { followJump, openPage } from '../../../platform/navigation';
import { useStores } from '../../../stores';
import './index.scss';

/** The carriers of §1, in the order their groups show. */
const CARRIERS: IntegralType[] = ['MOBILE_INTEGRAL', 'UNICOM_INTEGRAL'];

/** A column of points items: every card is priced in points. */
const isPointsColumn = (m: PageModule) => m.cards.length > 0 && m.cards.every((c) => !!c.pointsPrice);

/** Whether a configured page carries points items, so the points project shows it as its benefits page. */
export const hasPointsColumn = (page: PageInfo) => page.modules.some(isPointsColumn);

/**
 * The points project's benefits (权益) tab: the balance of each carrier (tap: 积分查询), then the page's points
 * items grouped by the carrier that pays for them, priced in points (and any cash part), then the page's other
 * modules as configured. In the WeChat main package (a tab page): written without ?. and ??, which the mini
 * build expands into long expressions.
 */
function PointsBenefits({ page }: { page: PageInfo }) {
  const { api, session } = useStores();
  const ui = useLocalObservable(() => ({
    /** Balance per carrier ([phone, points]) as the binding state says. */
    known: {} as Record<string, [string | null, number | null]>,
    /** A column's whole list, where the page carried only its first cards. */
    full: {} as Record<string, ActivityCard[]>,
  }));
  const columns = page.modules.filter(isPointsColumn);
  // New only with a new page (api and ui never change), so the effect below runs once per page loaded.
  const refresh = useCallback(() => {
    for (const m of page.modules.filter(isPointsColumn)) {
      const sn = m.columnSn;
      if (m.hasMore && sn)
        void api.pages.columnList(sn, 1, 50).then(
          (r) => runInAction(() => (ui.full[sn] = r.list)),
          () => undefined,
        );
    }
    for (const t of CARRIERS)
      void api.integral.bindingState(t).then(
        (s) => runInAction(() => (ui.known[t] = [s.phone, s.point])),
        () => undefined,
      );
  }, [api, ui, page]);
  // Drawn once the tab's page has loaded (after its first show), and again on every later show: a points order
  // placed meanwhile changes the balances.
  useEffect(refresh, [refresh]);
  useDidShow(refresh);

  const seen = new Set<string>();
  const cards = columns
    .flatMap((m) => (m.columnSn && ui.full[m.columnSn]) || m.cards)
    .filter((c) => !seen.has(c.actSn) && !!seen.add(c.actSn));
  const typeOf = (c: ActivityCard) => (c.pointsPrice && c.pointsPrice.integralType) || '';
  const open = (c: ActivityCard) =>
    void followJump(resolveJump({ firstEnum: detailJumpEnum(c.actType), targetSn: c.actSn }, session.tabList));
  const query = () => void openPage(ROUTES.integralQuery);

  return (
    <Box className="sf-benefits">
      <Box className="sf-benefits__wallet" id="benefits-wallet">
        <Box className="sf-benefits__head">
          我的积分
          <Box className="sf-benefits__more" onClick={query}>
            积分查询 ›
          </Box>
        </Box>
        <Box className="sf-benefits__accounts">
          {CARRIERS.map((t) => {
            const [phone, points] = ui.known[t] || [null, null];
            const carrier = integralCarrier(t);
            return (
              <Box key={t} className="sf-benefits__account" id={`benefits-${t}`} onClick={query}>
                <Box className="sf-benefits__carrier">{carrier.label}</Box>
                <Box className="sf-benefits__num">{points === null ? '--' : points}</Box>
                <Box className="sf-benefits__suffix">{carrier.suffix}</Box>
                <Box className="sf-benefits__phone">{phone ? maskPhone(phone) : '未绑定，去查询'}</Box>
              </Box>
            );
          })}
        </Box>
      </Box>
      {[...CARRIERS, ''].map((t) => {
        const group = cards.filter((c) => typeOf(c) === t);
        const carrier = integralCarrier(t);
        const balance = ui.known[t] ? ui.known[t][1] : null;
        return group.length ? (
          <Box key={t} className="sf-benefits__group" id={`benefits-group-${t || 'PLAIN'}`}>
            <Box className="sf-section-title">
              {carrier.label ? `${carrier.label} · ${carrier.suffix}兑换` : '积分兑换'}
            </Box>
            <Box className="sf-benefits__grid">
              {group.map((c) => {
                const short = balance === null ? 0 : c.pointsPrice!.points - balance;
                return (
                  <Box key={c.actSn} className="sf-benefits__card" data-act-sn={c.actSn} onClick={() => open(c)}>
                    <Image
                      className="sf-benefits__cover"
                      src={assetUrl(c.cover)}
                      mode="aspectFill"
                      lazyLoad
                      {...imgAlt(c.actName)}
                    />
                    <Box className="sf-benefits__name">{c.actName}</Box>
                    <Box className="sf-benefits__price">{pointsPriceText(c.pointsPrice!)}</Box>
                    <Box className={`sf-benefits__hint ${short > 0 ? 'is-short' : ''}`}>
                      {short > 0 ? `还差${short}积分` : `已兑${c.sales}`}
                    </Box>
                  </Box>
                );
              })}
            </Box>
          </Box>
        ) : null;
      })}
      <PageModules modules={page.modules.filter((m) => !isPointsColumn(m))} />
    </Box>
  );
}

export default observer(PointsBenefits);
