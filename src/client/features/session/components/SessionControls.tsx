import { useMachine } from '@xstate/react';
import { inspectOptions } from '@client/shared/inspect';
import { useEffect, useEffectEvent } from 'react';
import type { Persistor } from 'redux-persist';
import { fromPromise } from 'xstate';
import { useMessages } from '@client/shared/i18n';
import '@client/shared/buttons.css';
import { useCloseAuthorisationMutation, useLogoutMutation } from '../api';
import { closeAuthMachine } from '../closeAuth.machine';
import { logoutMachine } from '../logout.machine';
import { sessionMessages } from '../messages';
import { useSignOut, type SignOutReason } from '../signOut';
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
  // The machine is made once, with the call of the first render (RTK Query's trigger is stable).
  const [state, send] = useMachine(
    logoutMachine.provide({
      actors: { logout: fromPromise(() => (calls.logout ? calls.logout() : logout().unwrap())) },
    }),
    inspectOptions(),
  );
  return (
    <SessionFlowControl
      persistor={persistor}
      value={String(state.value)}
      shown={state.matches('calling') ? 'busy' : (state.value as Shown)}
      done={state.status === 'done'}
      send={send}
      label={m.logout}
      dialog={{ title: m.logoutConfirmTitle, text: m.logoutConfirmText, failedText: m.logoutFailed }}
      signOut={{ toast: m.exitSucceeded, reason: 'logout' }}
      testId="logout"
    />
  );
}

/** The top bar's "Close privacy authorisation" link and its dialog, driven by closeAuthMachine. */
export function CloseAuthControl({ persistor, calls = {} }: { persistor: Persistor | null; calls?: SessionCalls }) {
  const m = useMessages(sessionMessages);
  const [closeAuthorisation] = useCloseAuthorisationMutation();
  const [state, send] = useMachine(
    closeAuthMachine.provide({
      actors: {
        closeAuthorisation: fromPromise(() =>
          calls.closeAuthorisation ? calls.closeAuthorisation() : closeAuthorisation().unwrap(),
        ),
      },
    }),
    inspectOptions(),
  );
  const value = String(state.value);
  return (
    <SessionFlowControl
      persistor={persistor}
      value={value}
      shown={value === 'closing' ? 'busy' : value === 'loggedOut' ? 'done' : (value as Shown)}
      done={state.status === 'done'}
      send={send}
      label={m.closeAuthorisation}
      dialog={{ title: m.closeAuthTitle, text: m.closeAuthText, failedText: m.closeAuthFailed }}
      signOut={{ toast: m.authorisationClosed, reason: 'authClosed' }}
      testId="close-auth"
    />
  );
}

/**
 * What both controls do with their machine: the link that opens the flow (its state in data-state),
 * the confirmation dialog, and signing out once the machine is done (the toast in the language of
 * that moment, the reason the login page shows).
 */
function SessionFlowControl({
  persistor,
  value,
  shown,
  done,
  send,
  label,
  dialog,
  signOut,
  testId,
}: {
  persistor: Persistor | null;
  value: string;
  shown: Shown;
  done: boolean;
  send: (event: { type: 'OPEN' } | { type: 'CONFIRM' } | { type: 'CANCEL' }) => void;
  label: string;
  dialog: { title: string; text: string; failedText: string };
  signOut: { toast: string; reason: SignOutReason };
  testId: string;
}) {
  const m = useMessages(sessionMessages);
  const leave = useSignOut(persistor);
  const signedOut = useEffectEvent(() => void leave(signOut.toast, signOut.reason));
  useEffect(() => {
    if (done) signedOut();
  }, [done]);
  return (
    <>
      <button
        type="button"
        className="mc-btn mc-btn-link"
        onClick={() => send({ type: 'OPEN' })}
        data-state={value}
        data-testid={testId}
      >
        {label}
      </button>
      <SessionFlowDialog
        state={shown}
        {...dialog}
        confirm={m.confirm}
        cancel={m.cancel}
        retry={m.retry}
        onConfirm={() => send({ type: 'CONFIRM' })}
        onCancel={() => send({ type: 'CANCEL' })}
        testId={`${testId}-dialog`}
      />
    </>
  );
}
