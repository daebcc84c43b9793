import { Suspense } from 'react';
import { lazyInAntd } from '@client/shared/AntdBoundary';
import { useDispatch, useSelector } from 'react-redux';
import { useMessages } from '@client/shared/i18n';
import { notify } from '@client/shared/notify';
import { seniorWarningShown } from '@client/state/ui';
import { shellMessages } from '../messages';
import type { AppDispatch, RootState } from '../store';

/**
 * Refuses a non-senior member (docs/SPEC.md §5): the exact message as an error toast, then the warning
 * dialog. 'assets' is the assets submenu; 'club' any of the eleven club and asset routes.
 */
export function useRefuseNonSenior() {
  const dispatch = useDispatch<AppDispatch>();
  const m = useMessages(shellMessages);
  return (kind: 'assets' | 'club') => {
    notify.error(kind === 'assets' ? m.notSeniorAssets : m.notSenior);
    dispatch(seniorWarningShown(true));
  };
}

// The dialog (antd's Modal) loads when it is first needed, not with the frame.
const SeniorWarningDialog = lazyInAntd(() =>
  import(/* webpackChunkName: "senior-warning" */ './deferred/SeniorWarningDialog').then((m) => m.default),
);

/** The warning dialog while it is asked for: 'Complete now' -> personal info, 'Not now' -> home. */
export function SeniorWarning() {
  const open = useSelector((s: RootState) => s.ui.seniorWarning);
  return open ? (
    <Suspense fallback={null}>
      <SeniorWarningDialog />
    </Suspense>
  ) : null;
}
