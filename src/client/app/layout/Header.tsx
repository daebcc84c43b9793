import { AppstoreOutlined, MenuOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
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
    { key: 'products', href: links.products, text: m.headerProducts },
    { key: 'wealth', href: links.wealth, text: m.headerWealth },
    { key: 'service', href: links.serviceCenter, text: m.headerService },
    { key: 'claims', href: links.claimsCenter, text: m.headerClaims },
    { key: 'about', href: links.about, text: m.headerAbout },
  ];
  return (
    <header className="mc-header" data-testid="header">
      {onMenu && <MenuButton onClick={onMenu} />}
      <a className="mc-brand" href={links.memberCenter} data-testid="brand">
        {name}
      </a>
      <nav aria-label={m.mainPortal} className="mc-header-nav">
        {/* Home keeps a logged-in user in the portal: its own home page. */}
        <Link to={paths.home.href()}>{m.headerHome}</Link>
        {items.map((item) => (
          <a key={item.key} href={item.href}>
            {item.text}
          </a>
        ))}
      </nav>
      <PopupMenu
        className="mc-header-more"
        placement="bottomRight"
        entries={[
          { key: 'home', to: paths.home.href(), label: m.headerHome },
          ...items.map((item) => ({ key: item.key, href: item.href, label: item.text })),
        ]}
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
