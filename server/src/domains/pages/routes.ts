/**
 * Pages (§7): tab menu, page modules, column lists, more-level lists and search, all within the session's project;
 * and user-info/list, the customer's own applicant details.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@contract/common';
import {
  columnListBody,
  columnListInfo,
  menuInfo,
  menuQuery,
  moduleInfoBody,
  moduleInfoInfo,
  moreLevelBody,
  moreLevelInfo,
  searchInfo,
  searchQuery,
} from '@contract/pages';
import { userInfoListInfo, userInfoListQuery } from '@contract/user-info';
import { MESSAGES, badRequest, ok, responses } from '../../runtime/http';
import { requireSession } from '../../runtime/auth';
import { pageWithModules, projectMenu } from './read-models';
import { applicantDetails, columnList, couponActivityList, searchActivities } from './service';

const pagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/front/v1/customerPage/menu',
    {
      config: { session: 'required' },
      schema: {
        tags: ['pages'],
        summary: 'The five tab-bar entries of the project',
        querystring: menuQuery,
        response: responses(menuInfo, [400, 401]),
      },
    },
    async (request) => {
      const projectSn = requireSession(request.session).projectSn;
      // Read model, cached per project until an operator change invalidates it (domains/pages/read-models.ts).
      return ok(await projectMenu(app.db, projectSn));
    },
  );

  app.post(
    '/front/v1/customerPage/moduleInfo',
    {
      config: { session: 'required' },
      schema: {
        tags: ['pages'],
        summary: 'A page with its modules; column modules carry their first cards',
        body: moduleInfoBody,
        response: responses(moduleInfoInfo, [400, 401, 404]),
      },
    },
    async (request) => {
      const { projectSn } = requireSession(request.session);
      const { pageSn } = request.body;
      return ok(await pageWithModules(app.db, projectSn, pageSn));
    },
  );

  app.post(
    '/front/v1/customerPage/module/column/list',
    {
      config: { session: 'required' },
      schema: {
        tags: ['pages'],
        summary: 'All cards of a column, paged',
        body: columnListBody,
        response: responses(columnListInfo, [400, 401, 404]),
      },
    },
    async (request) => {
      const { columnSn, page, perSize } = request.body;
      return ok(await columnList(app.db, requireSession(request.session).projectSn, columnSn, { page, perSize }));
    },
  );

  app.post(
    '/front/v1/customerPage/column/more-level/list',
    {
      config: { session: 'required' },
      schema: {
        tags: ['pages'],
        summary: 'The more-activity list (moreActivity page): the cards of the column targetSn, paged',
        body: moreLevelBody,
        response: responses(moreLevelInfo, [400, 401, 404]),
      },
    },
    async (request) => {
      const { targetSn, couponSn, page, perSize } = request.body;
      if (!targetSn) {
        // The activities a coupon of this customer applies to (去使用, jumpType 2).
        if (couponSn)
          return ok(await couponActivityList(app.db, requireSession(request.session), couponSn, { page, perSize }));
        throw badRequest(MESSAGES.moreLevelMissing, ERROR_CODES.BAD_INPUT);
      }
      return ok(await columnList(app.db, requireSession(request.session).projectSn, targetSn, { page, perSize }));
    },
  );

  app.get(
    '/front/v1/search',
    {
      config: { session: 'required' },
      schema: {
        tags: ['pages'],
        summary: "Search the project's online activities by name; an empty keyword finds nothing",
        querystring: searchQuery,
        response: responses(searchInfo, [400, 401]),
      },
    },
    async (request) => {
      const { keyword, page, perSize } = request.query;
      return ok(await searchActivities(app.db, requireSession(request.session).projectSn, keyword, { page, perSize }));
    },
  );

  app.get(
    '/front/v1/client/user-info/list',
    {
      config: { session: 'required' },
      schema: {
        tags: ['pages'],
        summary:
          'user-info/list: the 用户信息 (applicant details) the customer gave on earlier orders, newest per field, to fill the course order form again',
        querystring: userInfoListQuery,
        response: responses(userInfoListInfo, [400, 401]),
      },
    },
    async (request) => ok(await applicantDetails(app.db, requireSession(request.session).userId)),
  );
};

export default pagesRoutes;
