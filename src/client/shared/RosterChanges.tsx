import { Button, Dropdown, Space } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { PolicyState } from '@contract/states';
import { defineMessages, useMessages } from './i18n';
import { useListPlace } from './list/DataList';
import { correctionHref, rosterChanges, type RosterChange } from './paths';

export const rosterChangeMessages = defineMessages({
  'en-US': {
    changes: 'Employee changes',
    add: 'Add people',
    subtract: 'Remove people',
    exchange: 'Exchange people',
    modify: 'Change details',
  },
  'zh-CN': {
    changes: '员工变更',
    add: '加保',
    subtract: '减保',
    exchange: '替换',
    modify: '修改信息',
  },
});

/**
 * The changes HR makes to a policy's people (add, remove, exchange, change details), where HR looks at
 * the policy: its row, its detail page, the home page. The flow is picked from the policy's roster
 * kind; nothing shows for a policy without a roster or not in force.
 */
export function RosterChanges({
  roster,
  policyNo,
  state,
  size,
  variant = 'menu',
}: {
  roster: string | null;
  policyNo: string;
  state: number;
  size?: 'small' | 'middle';
  /** menu: one button opening the changes; buttons: each change as its own button. */
  variant?: 'menu' | 'buttons';
}) {
  const m = useMessages(rosterChangeMessages);
  const navigate = useNavigate();
  // in a list's row a small link; on a list's card (a phone) a full button
  const place = useListPlace();
  const kinds = rosterChanges(roster);
  if (!kinds.length || state !== PolicyState.inForce) return null;
  const go = (kind: RosterChange) => navigate(correctionHref(roster, policyNo, { kind }));
  if (variant === 'buttons')
    return (
      <Space wrap size="small" data-testid="roster-changes">
        {kinds.map((k) => (
          <Button key={k} size={size} onClick={() => go(k)}>
            {m[k]}
          </Button>
        ))}
      </Space>
    );
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: kinds.map((k) => ({ key: k, label: m[k] })),
        onClick: ({ key }) => go(key as RosterChange),
      }}
    >
      <Button
        size={size ?? (place === 'table' ? 'small' : undefined)}
        type={place === 'card' ? 'default' : 'link'}
        data-testid="roster-changes"
      >
        <Space size={4}>
          {m.changes}
          <DownOutlined />
        </Space>
      </Button>
    </Dropdown>
  );
}
