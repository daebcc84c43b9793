import { Tabs, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useMessages } from '@client/shared/i18n';
import { PolicyTable } from '../components/PolicyTable';
import { policyMessages } from '../messages';
import { PolicyState } from '@contract/states';

const TABS = [
  { key: 'group', kinds: ['group_accident', 'group_health', 'group_life'] },
  { key: 'employer', kinds: ['employer'] },
  { key: 'health', kinds: ['group_health', 'health'] },
  { key: 'life', kinds: ['group_life', 'life'] },
  { key: 'property', kinds: ['property', 'motor'] },
  { key: 'all', kinds: [] },
] as const;

/** My policy: the group and employer policy lists and the health, life and property tables. */
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
  // A state the page was opened for (a number tile of the home page opens the policies it counts).
  const asked = Number(params.get('state'));
  // A state the address names, if it is one the list knows.
  const state = (Object.values(PolicyState) as number[]).includes(asked) ? (asked as PolicyState) : undefined;
  return (
    <div className="mc-page" data-testid="my-policy">
      <Typography.Title level={3}>{m.myPolicyTitle}</Typography.Title>
      <Tabs
        activeKey={active}
        onChange={(key) =>
          setParams(
            (p) => {
              const next = new URLSearchParams(p);
              next.set('tab', key);
              next.delete('state');
              return next;
            },
            { replace: true },
          )
        }
        destroyOnHidden
        items={TABS.map((t) => ({
          key: t.key,
          label: label[t.key],
          children: (
            <PolicyTable
              kinds={[...t.kinds]}
              testId={`policy-table-${t.key}`}
              initialState={t.key === active ? state : undefined}
            />
          ),
        }))}
      />
    </div>
  );
}
