/** Addresses and the area tree (§7 forms and address). Every call needs a session; ids are the user's own. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addressIdParams,
  addressListInfo,
  addressSaveBody,
  addressSchema,
  areaChildInfo,
  areaChildQuery,
} from '@contract/address';
import { signedFields } from '@contract/common';
import { ADDRESS_MESSAGES, deleteAddress, findAddress, listAddresses, saveAddress } from './service';
import { areaChildren } from './areas';
import { notFound, ok, responses } from '../../runtime/http';
import { requireSession } from '../../runtime/auth';

const signedQuery = z.object({ ...signedFields });

const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  const session = { config: { session: 'required' as const } };

  app.get(
    '/front/v1/common/area/childList',
    {
      ...session,
      schema: {
        tags: ['address'],
        summary: 'Provinces, a province’s cities or a city’s counties',
        querystring: areaChildQuery,
        response: responses(areaChildInfo, [400, 401]),
      },
    },
    async (request) => ok({ list: areaChildren(request.query.parentId) }),
  );

  app.get(
    '/front/v1/address/list',
    {
      ...session,
      schema: {
        tags: ['address'],
        // §7 names this call getAddressList without a path.
        operationId: 'getAddressList',
        summary: 'getAddressList: the user’s addresses, default first',
        querystring: signedQuery,
        response: responses(addressListInfo, [400, 401]),
      },
    },
    async (request) => ok({ list: await listAddresses(app.db, requireSession(request.session).userId) }),
  );

  app.get(
    '/front/v1/address/:id',
    {
      ...session,
      schema: {
        tags: ['address'],
        operationId: 'getAddressById',
        summary: 'getAddressById: one address of the user',
        params: addressIdParams,
        querystring: signedQuery,
        response: responses(addressSchema, [400, 401, 404]),
      },
    },
    async (request) => {
      const address = await findAddress(app.db, requireSession(request.session).userId, request.params.id);
      if (!address) throw notFound(ADDRESS_MESSAGES.notFound);
      return ok(address);
    },
  );

  app.delete(
    '/front/v1/address/:id',
    {
      ...session,
      schema: {
        tags: ['address'],
        summary: 'Delete an address of the user',
        params: addressIdParams,
        querystring: signedQuery,
        response: responses(z.null(), [400, 401, 404]),
      },
    },
    async (request) => {
      await deleteAddress(app.db, requireSession(request.session).userId, request.params.id);
      return ok(null);
    },
  );

  app.post(
    '/front/v1/address',
    {
      ...session,
      schema: {
        tags: ['address'],
        summary: 'Create (no addressId) or update an address',
        body: addressSaveBody,
        response: responses(addressSchema, [400, 401, 404]),
      },
    },
    async (request) => ok(await saveAddress(app.db, requireSession(request.session).userId, request.body)),
  );
};

export default addressRoutes;
