import { Suspense } from 'react';
import type { Persistor } from 'redux-persist';
import { lazyInAntd } from '@client/shared/AntdBoundary';
import { useMessages } from '@client/shared/i18n';
import '@client/shared/buttons.css';
import { sessionMessages } from '../messages';

/**
 * The top bar's logout and close-authorisation links, with their flows (XState machines and dialogs)
 * in a chunk of their own: it loads right after the first paint instead of with it; until then the
 * links show, inactive.
 */
const controls = () => import(/* webpackChunkName: "session-controls" */ './SessionControls');
const LogoutControl = lazyInAntd(() => controls().then((m) => m.LogoutControl));
const CloseAuthControl = lazyInAntd(() => controls().then((m) => m.CloseAuthControl));

function Waiting({ text }: { text: string }) {
  return (
    <button type="button" className="mc-btn mc-btn-link" disabled>
      {text}
    </button>
  );
}

export function LazyLogoutControl({ persistor }: { persistor: Persistor | null }) {
  const m = useMessages(sessionMessages);
  return (
    <Suspense fallback={<Waiting text={m.logout} />}>
      <LogoutControl persistor={persistor} />
    </Suspense>
  );
}

export function LazyCloseAuthControl({ persistor }: { persistor: Persistor | null }) {
  const m = useMessages(sessionMessages);
  return (
    <Suspense fallback={<Waiting text={m.closeAuthorisation} />}>
      <CloseAuthControl persistor={persistor} />
    </Suspense>
  );
}
