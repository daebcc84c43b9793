import { createApi } from '@reduxjs/toolkit/query/react';
import { gatewayBaseQuery } from './baseQuery';

/**
 * The one API slice of the portal. It declares no endpoints: each area injects its own in
 * features/<area>/api.ts (and adds its tag types there with enhanceEndpoints), so importing an
 * area's hook is what brings its endpoints in.
 */
export const gatewayApi = createApi({
  reducerPath: 'gateway',
  baseQuery: gatewayBaseQuery,
  tagTypes: ['Session', 'Menu', 'Unread'],
  endpoints: () => ({}),
});
