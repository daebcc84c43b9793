import { Suspense, useEffect, useRef, useState } from 'react';
import { registerReauthPrompt } from '@client/api/reauth';
import { lazyInAntd } from '@client/shared/AntdBoundary';

// The dialog (antd's Modal) loads when it is first needed, not with the frame.
const ReauthDialog = lazyInAntd(() =>
  import(/* webpackChunkName: "reauth-dialog" */ './ReauthDialog').then((m) => m.default),
);

/**
 * The password dialog's place for as long as the portal lives: when the gateway refuses a call until
 * the user proves it is them again, the request policy (api/reauth.ts) opens it and waits; the call
 * is sent again once the password was right, and answers the refusal when the user cancels.
 */
export function ReauthHost() {
  const [open, setOpen] = useState(false);
  const settle = useRef<((proved: boolean) => void) | null>(null);
  useEffect(() => {
    registerReauthPrompt(
      () =>
        new Promise<boolean>((resolve) => {
          settle.current = resolve;
          setOpen(true);
        }),
    );
    return () => {
      registerReauthPrompt(null);
      settle.current?.(false);
    };
  }, []);
  const close = (proved: boolean) => {
    setOpen(false);
    settle.current?.(proved);
    settle.current = null;
  };
  return open ? (
    <Suspense fallback={null}>
      <ReauthDialog onDone={close} />
    </Suspense>
  ) : null;
}
