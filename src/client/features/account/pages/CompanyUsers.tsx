import { Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { ROLE_WORDS, USER_STATE_WORDS } from '@common/audit';
import type { CompanyUser } from '@contract/io/users';
import { ROLES, type Role } from '@contract/roles';
import { formatDateTime } from '@client/shared/format';
import { format, useLocale, useMessages } from '@client/shared/i18n';
import { DataList, ListButton, type ListColumn } from '@client/shared/list/DataList';
import { notify } from '@client/shared/notify';
import { usePageTitle } from '@client/shared/usePageTitle';
import { useGetCompanyUsersQuery, useRemoveCompanyUserMutation, useUpdateCompanyUserMutation } from '../api';
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

  return (
    <div className="mc-page" data-testid="company-users">
      <Typography.Title level={3}>{m.usersTitle}</Typography.Title>
      <Typography.Paragraph type="secondary">{m.usersIntro}</Typography.Paragraph>
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
    </div>
  );
}
