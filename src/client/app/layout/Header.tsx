import { AppstoreOutlined, MenuOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { INSURER } from '@common/insurer';
import { portalConfig } from '@client/config';
import { paths } from '@client/shared/paths';
import { useMessages } from '@client/shared/i18n';
import { usePortalName } from '@client/shared/usePageTitle';
import { shellMessages } from '../messages';
import { PopupMenu } from './Popup';

/** The button that opens the left menu in a drawer on narrow screens (styles.css shows it below 992 px). */
export function MenuButton({ onClick }: { onClick: () => void }) {
  const m = useMessages(shellMessages);
  return (
    <button
      type="button"
      className="mc-btn mc-btn-text mc-btn-icon-only mc-menu-button"
      aria-label={m.openMenu}
      data-testid="menu-button"
      onClick={onClick}
    >
      <MenuOutlined />
    </button>
  );
}

/**
 * The brand and the links to the main insurance portal (external links from configuration). Below
 * 992 px the links fold into one dropdown and the left menu's button comes first.
 */
export function Header({ onMenu }: { onMenu?: () => void }) {
  const m = useMessages(shellMessages);
  const name = usePortalName();
  const { links } = portalConfig();
  const items = [
    { key: 'home', href: links.mainSite, text: m.headerHome },
    { key: 'products', href: links.products, text: m.headerProducts },
    { key: 'wealth', href: links.wealth, text: m.headerWealth },
    { key: 'service', href: links.serviceCenter, text: m.headerService },
    { key: 'claims', href: links.claimsCenter, text: m.headerClaims },
    { key: 'about', href: links.about, text: m.headerAbout },
  ];
  return (
    <header className="mc-header" data-testid="header">
      {onMenu && <MenuButton onClick={onMenu} />}
      {/* The brand leads to the portal's home; every header link goes to the insurer's main site. */}
      <Link className="mc-brand" to={paths.home.href()} data-testid="brand">
        <img className="mc-brand-logo" src={INSURER.logo} alt="" width={28} height={28} />
        <span>{name}</span>
      </Link>
      <nav aria-label={m.mainPortal} className="mc-header-nav">
        {items.map((item) => (
          <a key={item.key} href={item.href}>
            {item.text}
          </a>
        ))}
      </nav>
      <PopupMenu
        className="mc-header-more"
        placement="bottomRight"
        entries={[...items.map((item) => ({ key: item.key, href: item.href, label: item.text }))]}
        trigger={{
          className: 'mc-btn mc-btn-text',
          content: (
            <>
              <AppstoreOutlined aria-hidden />
              <span>{m.mainPortal}</span>
            </>
          ),
        }}
      />
    </header>
  );
}
