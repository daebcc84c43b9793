import { waitFor } from '@testing-library/react';

interface GatewayState {
  queries: Record<string, { status?: string } | undefined>;
  mutations: Record<string, { status?: string } | undefined>;
}

/**
 * Waits until no call of the portal is in flight, so that no answer arrives after the test (a
 * refetch after a mutation, say) and is handled once the test environment is gone.
 */
export async function settled(store: { getState: () => unknown } | null) {
  if (!store) return;
  await waitFor(() => {
    const state = (store.getState() as { gateway: GatewayState }).gateway;
    const busy = [...Object.values(state.queries), ...Object.values(state.mutations)].some(
      (q) => q?.status === 'pending',
    );
    if (busy) throw new Error('calls still in flight');
  });
}
