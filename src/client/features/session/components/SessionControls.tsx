import { Button } from 'antd';
import { useMachine } from '@xstate/react';
import { useEffect, useEffectEvent } from 'react';
import type { Persistor } from 'redux-persist';
import { fromPromise } from 'xstate';
import { useMessages } from '../../../shared/i18n';
import { useCloseAuthorisationMutation, useLogoutMutation } from '../api';
import { closeAuthMachine } from '../closeAuth.machine';
import { logoutMachine } from '../logout.machine';
import { sessionMessages } from '../messages';
import { useSignOut } from '../signOut';
import { SessionFlowDialog } from './SessionFlowDialog';

/** The calls behind the two flows; tests (and other hosts) may provide their own. */
export interface SessionCalls {
  logout?: () => Promise<unknown>;
  closeAuthorisation?: () => Promise<unknown>;
}

type Shown = 'idle' | 'confirming' | 'busy' | 'failed' | 'done';

/** The top bar's "Log out" link and its dialog, driven by logoutMachine. */
export function LogoutControl({ persistor, calls = {} }: { persistor: Persistor | null; calls?: SessionCalls }) {
  const m = useMessages(sessionMessages);
  const [logout] = useLogoutMutation();
  const signOut = useSignOut(persistor);
  // The machine is made once, with the call of the first render (RTK Query's trigger is stable).
  const [state, send] = useMachine(
    logoutMachine.provide({
      actors: { logout: fromPromise(() => (calls.logout ? calls.logout() : logout().unwrap())) },
    }),
  );
  const done = state.status === 'done';
  // Signing out says its toast in the language of the moment it happens.
  const signedOut = useEffectEvent(() => void signOut(m.exitSucceeded, 'logout'));
  useEffect(() => {
    if (done) signedOut();
  }, [done]);
  const shown: Shown = state.matches('calling') ? 'busy' : (state.value as Shown);
  return (
    <>
      <Button type="link" onClick={() => send({ type: 'OPEN' })} data-state={String(state.value)} data-testid="logout">
        {m.logout}
      </Button>
      <SessionFlowDialog
        state={shown}
        title={m.logoutConfirmTitle}
        text={m.logoutConfirmText}
        failedText={m.logoutFailed}
        confirm={m.confirm}
        cancel={m.cancel}
        retry={m.retry}
        onConfirm={() => send({ type: 'CONFIRM' })}
        onCancel={() => send({ type: 'CANCEL' })}
        testId="logout-dialog"
      />
    </>
  );
}

/** The top bar's "Close privacy authorisation" link and its dialog, driven by closeAuthMachine. */
export function CloseAuthControl({ persistor, calls = {} }: { persistor: Persistor | null; calls?: SessionCalls }) {
  const m = useMessages(sessionMessages);
  const [closeAuthorisation] = useCloseAuthorisationMutation();
  const signOut = useSignOut(persistor);
  const [state, send] = useMachine(
    closeAuthMachine.provide({
      actors: {
        closeAuthorisation: fromPromise(() =>
          calls.closeAuthorisation ? calls.closeAuthorisation() : closeAuthorisation().unwrap(),
        ),
      },
    }),
  );
  const done = state.status === 'done';
  const signedOut = useEffectEvent(() => void signOut(m.authorisationClosed, 'authClosed'));
  useEffect(() => {
    if (done) signedOut();
  }, [done]);
  const value = String(state.value);
  const shown: Shown = value === 'closing' ? 'busy' : value === 'loggedOut' ? 'done' : (value as Shown);
  return (
    <>
      <Button type="link" onClick={() => send({ type: 'OPEN' })} data-state={value} data-testid="close-auth">
        {m.closeAuthorisation}
      </Button>
      <SessionFlowDialog
        state={shown}
        title={m.closeAuthTitle}
        text={m.closeAuthText}
        failedText={m.closeAuthFailed}
        confirm={m.confirm}
        cancel={m.cancel}
        retry={m.retry}
        onConfirm={() => send({ type: 'CONFIRM' })}
        onCancel={() => send({ type: 'CANCEL' })}
        testId="close-auth-dialog"
      />
    </>
  );
}
