import { HomeOutlined, PhoneOutlined, VerticalAlignTopOutlined } from '@ant-design/icons';
import { portalConfig } from '../../config';
import { useMessages } from '../../shared/i18n';
import { shellMessages } from '../messages';

/** The fixed side navigation: home, the hotline, back to top. */
export function SideNav() {
  const m = useMessages(shellMessages);
  return (
    <nav className="mc-side-nav" aria-label={m.sideNav} data-testid="side-nav">
      <a href={portalConfig().links.mainPortal} title={m.headerHome}>
        <HomeOutlined />
        <span className="mc-side-nav-label">{m.headerHome}</span>
      </a>
      <a href="tel:95518" title={m.hotline}>
        <PhoneOutlined />
        <span className="mc-side-nav-label">{m.hotline}</span>
      </a>
      <button type="button" title={m.backToTop} onClick={() => window.scrollTo(0, 0)}>
        <VerticalAlignTopOutlined />
        <span className="mc-side-nav-label">{m.backToTop}</span>
      </button>
    </nav>
  );
}
