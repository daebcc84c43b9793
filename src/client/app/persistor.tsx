import { createContext, useContext } from 'react';
import type { Persistor } from 'redux-persist';

/** The store's persistor, for logging out (persistor.purge()). */
export const PersistorContext = createContext<Persistor | null>(null);

export function usePersistor(): Persistor | null {
  return useContext(PersistorContext);
}
