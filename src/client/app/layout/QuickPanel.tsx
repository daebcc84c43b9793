import { Popover } from 'antd';
import wechatQr from '../../../../public/qr/wechat.png';
import { portalConfig } from '../../config';
import { useMessages } from '../../shared/i18n';
import { shellMessages } from '../messages';

/** The floating quick-service panel: eight entries (SPEC.md §1). */
export function QuickPanel() {
  const m = useMessages(shellMessages);
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
    <aside className="mc-quick-panel" aria-label={m.quickService} data-testid="quick-panel">
      <strong>{m.quickService}</strong>
      <ul>
        {entries.map((e) => (
          <li key={e.key}>
            <a href={e.href}>{m[e.key]}</a>
          </li>
        ))}
        <li>
          <Popover content={<img src={wechatQr} alt={m.qrWechat} width={128} height={128} />} trigger={['hover', 'click']} placement="left">
            <button type="button" className="mc-linklike">
              {m.quickOfficialAccount}
            </button>
          </Popover>
        </li>
      </ul>
    </aside>
  );
}
