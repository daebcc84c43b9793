import { DownOutlined } from '@ant-design/icons';
import { useDeferredValue } from 'react';
import { useSelector } from 'react-redux';
import { portalConfig } from '@client/config';
import { LazyCloseAuthControl, LazyLogoutControl } from '@client/features/session/components/LazySessionControls';
import { format, useMessages } from '@client/shared/i18n';
import { usePortalName } from '@client/shared/usePageTitle';
import { isCorporate } from '@client/state/session';
import { shellMessages } from '../messages';
import { LanguageSelect } from '../LanguageSelect';
import { usePersistor } from '../persistor';
import type { RootState } from '../store';
import { PopupMenu } from './Popup';

/** The member-center links of the personal-centre dropdown: individuals four, corporate users the invoice list only. */
export function personalCentreLinks(
  corporate: boolean,
  memberCenter: string,
): { key: 'invoiceList' | 'myPolicies' | 'myAssets' | 'myClaims' | 'personalInfo'; href: string }[] {
  const base = memberCenter.endsWith('/') ? memberCenter : `${memberCenter}/`;
  return corporate
    ? [{ key: 'invoiceList', href: `${base}myInvoice` }]
    : [
        { key: 'myPolicies', href: `${base}mypolicy/policyList` },
        { key: 'myAssets', href: `${base}assets/assetsDetails` },
        { key: 'myClaims', href: `${base}myclaims/claimList` },
        { key: 'personalInfo', href: `${base}myprofile/personalInfo` },
      ];
}

/** Greeting and nickname; logged out: login and register; logged in: personal centre, logout, close privacy authorisation. */
export function TopBar() {
  const m = useMessages(shellMessages);
  // The bar follows the login in a transition, as the frame does (SessionGate): the login check's
  // answer is rendered between the browser's frames, not in one long task when it lands.
  const { status, info, nickName } = useDeferredValue(useSelector((s: RootState) => s.session));
  const persistor = usePersistor();
  const config = portalConfig();
  const portalName = usePortalName();
  const loggedIn = status === 'loggedIn';
  const links = personalCentreLinks(isCorporate(info), config.links.memberCenter);

  return (
    <div className="mc-topbar" data-testid="top-bar">
      <div className="mc-topbar-inner">
        <span className="mc-greeting" data-testid="greeting">
          {loggedIn
            ? format(m.greeting, { name: nickName || info?.nickName || '' })
            : format(m.welcome, { name: portalName })}
        </span>
        <div className="mc-topbar-actions">
          {loggedIn ? (
            <>
              <PopupMenu
                hover
                entries={links.map((l) => ({ key: l.key, href: l.href, label: m[l.key] }))}
                trigger={{
                  className: 'mc-linklike mc-personal-centre',
                  testId: 'personal-centre',
                  content: (
                    <>
                      {m.personalCentre} <DownOutlined aria-hidden />
                    </>
                  ),
                }}
              />
              <LazyLogoutControl persistor={persistor} />
              <LazyCloseAuthControl persistor={persistor} />
            </>
          ) : (
            <>
              <a href={config.links.identityProvider}>{m.login}</a>
              <a href={config.links.register}>{m.register}</a>
            </>
          )}
        </div>
        <LanguageSelect />
      </div>
    </div>
  );
}
