/** Page calls (§7 Pages): tab menu, page modules, column lists, more-level lists, search, the customer's user info. */
import type { Paged } from '@contract/common';
import type { ActivityCard, ColumnList, MoreLevelList, PageInfo, TabEntry } from '@contract/pages';
import type { UserInfoList } from '@contract/user-info';
import type { Request } from './request';

export function createPagesApi(request: Request) {
  return {
    menu: () => request<{ tabList: TabEntry[] }>({ url: '/front/v1/customerPage/menu', method: 'GET' }),
    moduleInfo: (pageSn: string) => request<PageInfo>({ url: '/front/v1/customerPage/moduleInfo', data: { pageSn } }),
    columnList: (columnSn: string, page: number, perSize = 10) =>
      request<ColumnList>({ url: '/front/v1/customerPage/module/column/list', data: { columnSn, page, perSize } }),
    moreLevelList: (params: { couponSn?: string; targetSn?: string }, page: number, perSize = 10) =>
      request<MoreLevelList>({
        url: '/front/v1/customerPage/column/more-level/list',
        data: { ...params, page, perSize },
      }),
    search: (keyword: string, page: number, perSize = 10) =>
      request<Paged<ActivityCard>>({ url: '/front/v1/search', method: 'GET', data: { keyword, page, perSize } }),
    /** The applicant details (用户信息) the customer gave on earlier orders, newest per field. */
    userInfoList: () => request<UserInfoList>({ url: '/front/v1/client/user-info/list', method: 'GET' }),
  };
}
