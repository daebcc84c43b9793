import { Card, Descriptions } from 'antd';
import type { InsuranceInformation } from '@contract/io/policy';
import { format, useMessages } from '@client/shared/i18n';
import { DataList } from '@client/shared/list/DataList';
import { useGetInsuranceInformationQuery } from '../api';
import { formatFen } from '@common/money';
import { policyMessages } from '../messages';

/** Who is insured on a group policy: headcount, ages, risk categories and departments. */
export function RosterSummary({ policyNo }: { policyNo: string }) {
  const m = useMessages(policyMessages);
  const { data, isLoading } = useGetInsuranceInformationQuery({ policyNo });
  return (
    <Card title={m.rosterTitle} loading={isLoading} data-testid="roster-summary">
      {data && (
        <>
          <Descriptions
            column={{ xs: 1, md: 3 }}
            items={[
              {
                key: 'count',
                label: m.insuredCount,
                children: <span data-testid="roster-count">{data.insuredCount}</span>,
              },
              { key: 'min', label: m.minMembers, children: data.minMembers },
              { key: 'ages', label: m.ages, children: format(m.agesRange, { min: data.minAge, max: data.maxAge }) },
              { key: 'avg', label: m.averageAge, children: data.averageAge ?? '-' },
              { key: 'sex', label: m.maleFemale, children: `${data.maleCount} / ${data.femaleCount}` },
            ]}
          />
          {data.byRiskCategory.length > 0 && (
            <DataList<InsuranceInformation['byRiskCategory'][number]>
              rowKey="riskCategory"
              size="small"
              rows={data.byRiskCategory}
              columns={[
                { key: 'riskCategory', title: m.riskCategory, only: 'table', render: (r) => r.riskCategory },
                {
                  key: 'riskCategoryCard',
                  title: m.riskCategory,
                  only: 'card',
                  card: 'title',
                  render: (r) => `${m.riskCategory} ${r.riskCategory}`,
                },
                { key: 'count', title: m.count, align: 'right', render: (r) => r.count },
                {
                  key: 'annualPremium',
                  title: m.annualPremium,
                  align: 'right',
                  render: (r) => formatFen(r.annualPremiumFen),
                },
              ]}
            />
          )}
          {data.byDepartment.length > 0 && (
            <div style={{ marginTop: 12 }}>
              <DataList<InsuranceInformation['byDepartment'][number]>
                rowKey="department"
                size="small"
                rows={data.byDepartment}
                columns={[
                  { key: 'department', title: m.byDepartment, card: 'title', render: (d) => d.department },
                  { key: 'count', title: m.count, align: 'right', render: (d) => d.count },
                ]}
              />
            </div>
          )}
        </>
      )}
    </Card>
  );
}
