import { HomeOutlined, PhoneOutlined, VerticalAlignTopOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { paths } from '@client/shared/paths';
import { INSURER } from '@common/insurer';
import { format, useMessages } from '@client/shared/i18n';
import { shellMessages } from '../messages';

/** The fixed side navigation: home, the hotline, back to top. */
export function SideNav() {
  const m = useMessages(shellMessages);
  const hotline = format(m.hotline, { hotline: INSURER.hotline });
  return (
    <nav className="mc-side-nav" aria-label={m.sideNav} data-testid="side-nav">
      <Link to={paths.home.href()} title={m.headerHome}>
        <HomeOutlined />
        <span className="mc-side-nav-label">{m.headerHome}</span>
      </Link>
      <a href={`tel:${INSURER.hotline}`} title={hotline}>
        <PhoneOutlined />
        <span className="mc-side-nav-label">{hotline}</span>
      </a>
      <button type="button" title={m.backToTop} onClick={() => window.scrollTo(0, 0)}>
        <VerticalAlignTopOutlined />
        <span className="mc-side-nav-label">{m.backToTop}</span>
      </button>
    </nav>
  );
}
