import { CustomerServiceOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import wechatQr from '@public/qr/wechat.png';
import { portalConfig } from '@client/config';
import { useMessages } from '@client/shared/i18n';
import { paths } from '@client/shared/paths';
import { shellMessages } from '../messages';
import type { RootState } from '../store';
import { Popover } from './Popup';

type QuickKey =
  | 'quickPolicy'
  | 'quickClaimProgress'
  | 'quickInvoice'
  | 'quickCarClaim'
  | 'quickNonCarClaim'
  | 'quickAssistant'
  | 'quickQuestionnaire';

/**
 * The floating quick-service panel: eight entries (docs/SPEC.md §1). It stays a slim tab at the right
 * edge so that pages keep their width, and opens over the page on hover, keyboard focus or a click.
 */
export function QuickPanel() {
  const m = useMessages(shellMessages);
  const [open, setOpen] = useState(false);
  const { links } = portalConfig();
  const corporate = useSelector((s: RootState) => s.session.info?.legalFlag === 1);
  // The portal's own pages where it has them (`to`); the main insurance portal's pages otherwise.
  const entries: Array<{ key: QuickKey; to?: string; href?: string }> = [
    { key: 'quickPolicy', to: corporate ? paths.myPolicy.href() : paths.personalPolicies.href() },
    { key: 'quickClaimProgress', to: corporate ? paths.legalClaims.href() : paths.personalClaims.href() },
    { key: 'quickInvoice', to: corporate ? paths.myInvoice.href() : paths.personalInvoices.href() },
    { key: 'quickCarClaim', to: paths.claimReport.href('car') },
    { key: 'quickNonCarClaim', to: paths.claimReport.href('nonCar') },
    { key: 'quickAssistant', href: links.assistant },
    { key: 'quickQuestionnaire', href: links.questionnaire },
  ];
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
            {e.to ? (
              <Link to={e.to} onClick={() => setOpen(false)}>
                {m[e.key]}
              </Link>
            ) : (
              <a href={e.href}>{m[e.key]}</a>
            )}
          </li>
        ))}
        <li>
          <Popover
            className="mc-qr-anchor"
            content={<img src={wechatQr} alt={m.qrWechat} width={128} height={128} />}
            trigger={{ className: 'mc-linklike', content: m.quickOfficialAccount }}
          />
        </li>
      </ul>
    </aside>
  );
}
