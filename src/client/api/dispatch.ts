import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';

/**
 * The store's dispatch as areas see it: plain actions and RTK Query's thunks (upsertQueryData,
 * initiate), whatever the store holds: the state is `never` because an area cannot know it. Areas never import the app's store type (features sit below app/).
 */
export type GatewayDispatch = ThunkDispatch<never, unknown, UnknownAction>;
export const useGatewayDispatch = useDispatch.withTypes<GatewayDispatch>();
