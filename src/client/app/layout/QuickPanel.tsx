import { CustomerServiceOutlined } from '@ant-design/icons';
import { Popover } from 'antd';
import { useState } from 'react';
import wechatQr from '../../../../public/qr/wechat.png';
import { portalConfig } from '../../config';
import { useMessages } from '../../shared/i18n';
import { shellMessages } from '../messages';

/**
 * The floating quick-service panel: eight entries (docs/SPEC.md §1). It stays a slim tab at the right
 * edge so that pages keep their width, and opens over the page on hover, keyboard focus or a click.
 */
export function QuickPanel() {
  const m = useMessages(shellMessages);
  const [open, setOpen] = useState(false);
  const { links } = portalConfig();
  const entries = [
    { key: 'quickPolicy', href: links.serviceCenter },
    { key: 'quickClaimProgress', href: links.claimsCenter },
    { key: 'quickInvoice', href: links.serviceCenter },
    { key: 'quickCarClaim', href: links.claimsCenter },
    { key: 'quickNonCarClaim', href: links.claimsCenter },
    { key: 'quickAssistant', href: links.serviceCenter },
    { key: 'quickQuestionnaire', href: links.serviceCenter },
  ] as const;
  return (
    <aside
      className={open ? 'mc-quick-panel mc-quick-panel-open' : 'mc-quick-panel'}
      aria-label={m.quickService}
      data-testid="quick-panel"
      onMouseLeave={() => setOpen(false)}
    >
      <button
        type="button"
        className="mc-quick-tab"
        aria-expanded={open}
        aria-controls="mc-quick-list"
        onClick={() => setOpen((o) => !o)}
      >
        <CustomerServiceOutlined />
        <span>{m.quickService}</span>
      </button>
      <ul id="mc-quick-list">
        {entries.map((e) => (
          <li key={e.key}>
            <a href={e.href}>{m[e.key]}</a>
          </li>
        ))}
        <li>
          <Popover
            content={<img src={wechatQr} alt={m.qrWechat} width={128} height={128} />}
            trigger={['hover', 'click']}
            placement="left"
          >
            <button type="button" className="mc-linklike">
              {m.quickOfficialAccount}
            </button>
          </Popover>
        </li>
      </ul>
    </aside>
  );
}
