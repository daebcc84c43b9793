import { Alert, Button, Space } from 'antd';
import { useNavigate } from 'react-router-dom';
import { formatFen } from '@common/money';
import { INSURER } from '@common/insurer';
import type { GroupRenewalBrief } from '@contract/io/policy';
import { formatDate } from '@client/shared/format';
import { format, useMessages } from '@client/shared/i18n';
import { paths, policyDetailHref } from '@client/shared/paths';
import { usePageAnswer } from '@client/api/firstPage';
import { useGroupRenewalsQuery } from '../api';
import { policyMessages } from '../messages';

const ALERT_TYPE = { prepared: 'warning', accepted: 'warning', paid: 'success', lapsed: 'error' } as const;

/** What a renewal's notice says: prepared (days left, headcount, premium), awaiting payment, renewed, lapsed. */
export function useRenewalSentence() {
  const m = useMessages(policyMessages);
  return (r: GroupRenewalBrief) => {
    const params = {
      product: r.productName,
      policyNo: r.policyNo,
      date: formatDate(r.policyEndDate),
      days: r.daysLeft,
      headcount: r.headcount,
      premium: formatFen(r.premiumFen),
      newPolicyNo: r.newPolicyNo ?? '',
      start: formatDate(r.startDate),
      hotline: INSURER.hotline,
    };
    const text = {
      prepared: m.renewalPrepared,
      accepted: m.renewalAccepted,
      paid: m.renewalPaid,
      lapsed: m.renewalLapsed,
    }[r.state];
    return format(text, params);
  };
}

/** A sentence whose dates never break across lines (a phone's narrow line breaks 2026-12-23 at its hyphens). */
function Unbroken({ text }: { text: string }) {
  const parts = text.split(/(\d{4}-\d{2}-\d{2})/);
  return (
    <span data-testid="renewal-sentence">
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <span key={i} className="mc-nowrap">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </span>
  );
}

/**
 * A group renewal's notice: what it is waiting for and the days left, with the way to the renewal page
 * (or, once renewed, to the next year's policy). `open`: false on the renewal page itself.
 */
export function GroupRenewalNotice({ renewal, open = true }: { renewal: GroupRenewalBrief; open?: boolean }) {
  const m = useMessages(policyMessages);
  const navigate = useNavigate();
  const sentence = useRenewalSentence();
  const target =
    renewal.state === 'paid' && renewal.newPolicyNo
      ? { href: policyDetailHref(renewal.kind, renewal.newPolicyNo), label: m.renewalNewPolicy }
      : { href: paths.groupRenewal.href(renewal.policyNo), label: m.openRenewal };
  return (
    <Alert
      showIcon
      type={ALERT_TYPE[renewal.state]}
      data-testid={`group-renewal-${renewal.policyNo}`}
      data-state={renewal.state}
      title={<Unbroken text={sentence(renewal)} />}
      description={
        open ? (
          <div style={{ marginTop: 4 }}>
            <Button size="small" onClick={() => navigate(target.href)}>
              {target.label}
            </Button>
          </div>
        ) : undefined
      }
    />
  );
}

/** The company's group renewals on its home page (nothing when none is prepared, paid or lapsed lately). */
export function GroupRenewalBlock() {
  // a renewal's quote is the roster as it stands now: asked again whenever a page shows it
  const { data: asked } = useGroupRenewalsQuery({}, { refetchOnMountOrArgChange: true });
  // on a first load, the answer index.html carried: the notice is there when the page is first drawn
  const data = usePageAnswer('groupRenewals', asked);
  if (!data || data.length === 0) return null;
  return (
    <Space orientation="vertical" size="small" style={{ width: '100%', marginTop: 16 }} data-testid="group-renewals">
      {data.map((r) => (
        <GroupRenewalNotice key={r.renewalNo} renewal={r} />
      ))}
    </Space>
  );
}

/** A group policy's own renewal on its page (nothing for a policy without one). */
export function PolicyRenewalNotice({ policyNo, skip }: { policyNo: string; skip: boolean }) {
  const { data } = useGroupRenewalsQuery({}, { skip, refetchOnMountOrArgChange: true });
  const renewal = data?.find((r) => r.policyNo === policyNo);
  return renewal ? <GroupRenewalNotice renewal={renewal} /> : null;
}
