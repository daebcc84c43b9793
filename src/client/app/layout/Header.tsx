import { Link } from 'react-router-dom';
import { portalConfig } from '../../config';
import { paths } from '../../shared/paths';
import { useMessages } from '../../shared/i18n';
import { shellMessages } from '../messages';

/** The portal's home, then links to the main insurance portal (external links from configuration). */
export function Header() {
  const m = useMessages(shellMessages);
  const { links, portalName } = portalConfig();
  const items = [
    { href: links.products, text: m.headerProducts },
    { href: links.wealth, text: m.headerWealth },
    { href: links.serviceCenter, text: m.headerService },
    { href: links.claimsCenter, text: m.headerClaims },
    { href: links.about, text: m.headerAbout },
  ];
  return (
    <header className="mc-header" data-testid="header">
      <a className="mc-brand" href={links.memberCenter}>
        {portalName}
      </a>
      <nav aria-label="Main portal">
        {/* Home keeps a logged-in user in the portal: its own home page. */}
        <Link to={paths.home.href()}>{m.headerHome}</Link>
        {items.map((item) => (
          <a key={item.text} href={item.href}>
            {item.text}
          </a>
        ))}
      </nav>
    </header>
  );
}
