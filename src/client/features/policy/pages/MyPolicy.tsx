import { Tabs, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useMessages } from '@client/shared/i18n';
import { PolicyTable } from '../components/PolicyTable';
import { policyMessages } from '../messages';

const TABS = [
  { key: 'group', kinds: ['group_accident', 'group_health', 'group_life'] },
  { key: 'employer', kinds: ['employer'] },
  { key: 'health', kinds: ['group_health', 'health'] },
  { key: 'life', kinds: ['group_life', 'life'] },
  { key: 'property', kinds: ['property', 'motor'] },
  { key: 'all', kinds: [] },
] as const;

/**
 * My policy: the group and employer policy lists and the health, life and property lists, one a tab.
 * The open tab's list keeps its filters, sort and page in the address (a number tile of the home page
 * opens the policies it counts: `?tab=group&state=1`).
 */
export default function MyPolicy() {
  const m = useMessages(policyMessages);
  const [params, setParams] = useSearchParams();
  const active = TABS.some((t) => t.key === params.get('tab')) ? (params.get('tab') as string) : 'group';
  const label = {
    group: m.tabGroup,
    employer: m.tabEmployer,
    health: m.tabHealth,
    life: m.tabLife,
    property: m.tabProperty,
    all: m.tabAll,
  };
  return (
    <div className="mc-page" data-testid="my-policy">
      <Typography.Title level={3}>{m.myPolicyTitle}</Typography.Title>
      <Tabs
        activeKey={active}
        onChange={(key) =>
          // another tab is another list: its filters, sort and page start afresh
          setParams({ tab: key }, { replace: true })
        }
        destroyOnHidden
        items={TABS.map((t) => ({
          key: t.key,
          label: label[t.key],
          children: <PolicyTable kinds={[...t.kinds]} testId={`policy-table-${t.key}`} />,
        }))}
      />
    </div>
  );
}
