import { Button, Card, Popconfirm, Select, Space, Switch, Tag, Typography } from 'antd';
import { useGetCompanySettingsQuery, useUpdateCompanySettingsMutation } from '@client/api/companySettings';
import { useState } from 'react';
import { ROLE_WORDS, USER_STATE_WORDS } from '@common/audit';
import type { CompanyUser, Invitation } from '@contract/io/users';
import { ROLES, type Role } from '@contract/roles';
import { formatDateTime } from '@client/shared/format';
import { format, useLocale, useMessages } from '@client/shared/i18n';
import { DataList, ListButton, type ListColumn } from '@client/shared/list/DataList';
import { notify } from '@client/shared/notify';
import { usePageTitle } from '@client/shared/usePageTitle';
import {
  useGetCompanyUsersQuery,
  useGetInvitationsQuery,
  useRemoveCompanyUserMutation,
  useResendInvitationMutation,
  useUpdateCompanyUserMutation,
  useWithdrawInvitationMutation,
} from '../api';
import { InviteDialog } from '../components/InviteDialog';
import { accountMessages } from '../messages';

/**
 * Users and roles (用户与权限): the company's users with their role, state and last login; the
 * administrator changes a role, suspends, re-activates and removes (docs/roles.md). The gateway keeps
 * an active administrator and refuses the rest in the user's language.
 */
export default function CompanyUsers() {
  const m = useMessages(accountMessages);
  const locale = useLocale();
  usePageTitle(m.usersTitle);
  const { data, isFetching, isError, refetch } = useGetCompanyUsersQuery();
  const [update, updating] = useUpdateCompanyUserMutation();
  const [remove, removing] = useRemoveCompanyUserMutation();
  const busy = (u: CompanyUser) =>
    (updating.isLoading && updating.originalArgs?.userId === u.userId) ||
    (removing.isLoading && removing.originalArgs?.userId === u.userId);

  const change = async (u: CompanyUser, values: { role?: Role; state?: 'active' | 'suspended' }) => {
    const done = await update({ userId: u.userId, ...values })
      .unwrap()
      .catch(() => null);
    if (done) notify.success(format(m.userUpdated, { name: done.name }));
  };
  const drop = async (u: CompanyUser) => {
    const done = await remove({ userId: u.userId })
      .unwrap()
      .catch(() => null);
    if (done) notify.success(format(m.userRemoved, { name: done.name }));
  };

  const columns: ListColumn<CompanyUser>[] = [
    {
      key: 'name',
      title: m.userFullName,
      card: 'title',
      render: (u) => `${u.name}${u.you ? m.you : ''}`,
    },
    { key: 'userName', title: m.userName, card: 'subtitle', render: (u) => u.userName },
    {
      key: 'state',
      title: m.userState,
      card: 'state',
      render: (u) => <Tag color={u.state === 'active' ? 'green' : 'default'}>{USER_STATE_WORDS[u.state][locale]}</Tag>,
    },
    {
      key: 'role',
      title: m.userRole,
      render: (u) => (
        <Select<Role>
          aria-label={`${m.userRole} ${u.userName}`}
          size="small"
          value={u.role}
          disabled={busy(u)}
          style={{ minWidth: 120 }}
          options={ROLES.map((r) => ({ value: r, label: ROLE_WORDS[r][locale] }))}
          onChange={(role) => void change(u, { role })}
        />
      ),
    },
    { key: 'phone', title: m.userPhone, className: 'mc-nowrap', render: (u) => u.phone ?? '-' },
    {
      key: 'lastLogin',
      title: m.lastLogin,
      className: 'mc-nowrap',
      render: (u) => (u.lastLoginAt ? formatDateTime(u.lastLoginAt) : m.never),
    },
  ];

  const [inviting, setInviting] = useState(false);

  return (
    <div className="mc-page" data-testid="company-users">
      <Typography.Title level={3}>{m.usersTitle}</Typography.Title>
      <Typography.Paragraph type="secondary">{m.usersIntro}</Typography.Paragraph>
      <Button type="primary" style={{ marginBottom: 16 }} onClick={() => setInviting(true)}>
        {m.inviteUser}
      </Button>
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
      <CompanySettingsCard />
      <DataList<CompanyUser>
        rowKey="userId"
        columns={columns}
        rows={data}
        total={data?.length}
        loading={isFetching}
        error={isError}
        onRetry={() => void refetch()}
        actions={(u) =>
          u.you ? null : (
            <Space wrap>
              <ListButton
                loading={busy(u)}
                onClick={() => void change(u, { state: u.state === 'active' ? 'suspended' : 'active' })}
              >
                {u.state === 'active' ? m.suspend : m.reactivate}
              </ListButton>
              <Popconfirm
                title={format(m.removeConfirm, { name: u.name })}
                okText={m.removeUser}
                okButtonProps={{ danger: true }}
                onConfirm={() => drop(u)}
              >
                <ListButton danger>{m.removeUser}</ListButton>
              </Popconfirm>
            </Space>
          )
        }
      />
      <Invitations />
    </div>
  );
}

/**
 * The invitations not yet taken: who, as what, sent by whom and when, open until when; sent again (a
 * new link, the old one closed) or withdrawn after confirmation.
 */
function Invitations() {
  const m = useMessages(accountMessages);
  const locale = useLocale();
  const { data, isFetching, isError, refetch } = useGetInvitationsQuery();
  const [resend, resending] = useResendInvitationMutation();
  const [withdraw, withdrawing] = useWithdrawInvitationMutation();
  const sendAgain = async (i: Invitation) => {
    const sent = await resend({ invitationId: i.invitationId })
      .unwrap()
      .catch(() => null);
    if (sent) notify.success(format(m.invited, { name: sent.name, phone: sent.phone }));
  };
  const drop = async (i: Invitation) => {
    const done = await withdraw({ invitationId: i.invitationId })
      .unwrap()
      .catch(() => null);
    if (done) notify.success(format(m.withdrawn, { name: done.name }));
  };
  const columns: ListColumn<Invitation>[] = [
    { key: 'name', title: m.userFullName, card: 'title', render: (i) => i.name },
    { key: 'role', title: m.userRole, card: 'subtitle', render: (i) => ROLE_WORDS[i.role][locale] },
    { key: 'phone', title: m.userPhone, className: 'mc-nowrap', render: (i) => i.phone },
    { key: 'invitedBy', title: m.invitedBy, render: (i) => i.invitedBy },
    { key: 'sentAt', title: m.invitedAt, className: 'mc-nowrap', render: (i) => formatDateTime(i.sentAt) },
    { key: 'expiresAt', title: m.validUntil, className: 'mc-nowrap', render: (i) => formatDateTime(i.expiresAt) },
  ];
  return (
    <section data-testid="invitations" style={{ marginTop: 24 }}>
      <Typography.Title level={4}>{m.invitationsTitle}</Typography.Title>
      <DataList<Invitation>
        rowKey="invitationId"
        columns={columns}
        rows={data}
        total={data?.length}
        loading={isFetching}
        error={isError}
        onRetry={() => void refetch()}
        empty={m.noInvitations}
        actions={(i) => (
          <Space wrap>
            <ListButton
              loading={resending.isLoading && resending.originalArgs?.invitationId === i.invitationId}
              onClick={() => void sendAgain(i)}
            >
              {m.sendAgain}
            </ListButton>
            <Popconfirm
              title={format(m.withdrawConfirm, { name: i.name })}
              okText={m.withdraw}
              okButtonProps={{ danger: true }}
              onConfirm={() => drop(i)}
            >
              <ListButton
                danger
                loading={withdrawing.isLoading && withdrawing.originalArgs?.invitationId === i.invitationId}
              >
                {m.withdraw}
              </ListButton>
            </Popconfirm>
          </Space>
        )}
      />
    </section>
  );
}

/** The company's settings the administrator decides: two-person approval. */
function CompanySettingsCard() {
  const m = useMessages(accountMessages);
  const { data } = useGetCompanySettingsQuery();
  const [update, updating] = useUpdateCompanySettingsMutation();
  const toggle = async (on: boolean) => {
    const done = await update({ twoPersonApproval: on ? 1 : 2 })
      .unwrap()
      .catch(() => null);
    if (done) notify.success(done.twoPersonApproval ? m.twoPersonOn : m.twoPersonOff);
  };
  return (
    <Card size="small" style={{ marginBottom: 16 }} data-testid="company-settings">
      <Space align="start">
        <Switch
          aria-label={m.twoPerson}
          checked={data?.twoPersonApproval ?? false}
          loading={!data || updating.isLoading}
          onChange={(on) => void toggle(on)}
        />
        <div>
          <Typography.Text strong>{m.twoPerson}</Typography.Text>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {m.twoPersonHint}
          </Typography.Paragraph>
        </div>
      </Space>
    </Card>
  );
}
