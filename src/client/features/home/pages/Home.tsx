import { Card, Descriptions, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import type { LoginInfo } from '@contract/io/session';
import { format, useMessages } from '@client/shared/i18n';
import { usePageTitle } from '@client/shared/usePageTitle';
import { homeMessages } from '../messages';

function CorporateHome({ info, blocks }: { info: LoginInfo; blocks?: ReactNode }) {
  const m = useMessages(homeMessages);
  usePageTitle(m.corporateTitle);
  return (
    <div className="mc-page" data-testid="corporate-home">
      <Typography.Title level={3}>{m.corporateTitle}</Typography.Title>
      <Card>
        <Descriptions column={1} title={format(m.loggedInAs, { name: info.nickName })}>
          <Descriptions.Item label={m.company}>{info.customerName}</Descriptions.Item>
          <Descriptions.Item label={m.account}>{info.userName}</Descriptions.Item>
        </Descriptions>
      </Card>
      {blocks}
    </div>
  );
}

function PersonalHome({ info, blocks }: { info: LoginInfo; blocks?: ReactNode }) {
  const m = useMessages(homeMessages);
  usePageTitle(m.personalTitle);
  return (
    <div className="mc-page" data-testid="personal-home">
      <Typography.Title level={3}>{m.personalTitle}</Typography.Title>
      {/* The personal centre's blocks greet the member themselves; the plain card stands in without them. */}
      {blocks ?? (
        <Card>
          <Descriptions column={1} title={format(m.loggedInAs, { name: info.nickName })}>
            <Descriptions.Item label={m.account}>{info.userName}</Descriptions.Item>
            <Descriptions.Item label={m.memberLevel}>{info.userAnk === 1 ? m.senior : m.basic}</Descriptions.Item>
          </Descriptions>
        </Card>
      )}
    </div>
  );
}

/**
 * Home: the corporate home for legalFlag 1, the personal-centre home for everyone else. The areas'
 * blocks come in from the app, which composes the features (app/pages/HomePage.tsx).
 */
export default function Home({
  corporateBlocks,
  personalBlocks,
}: {
  corporateBlocks?: ReactNode;
  personalBlocks?: ReactNode;
}) {
  const info = useSelector((s: { session: { info: LoginInfo | null } }) => s.session.info);
  if (!info) return null;
  return info.legalFlag === 1 ? (
    <CorporateHome info={info} blocks={corporateBlocks} />
  ) : (
    <PersonalHome info={info} blocks={personalBlocks} />
  );
}
