import { Card, Descriptions, Table } from 'antd';
import type { InsuranceInformation } from '@contract/io/policy';
import { format, useMessages } from '@client/shared/i18n';
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
            <Table<InsuranceInformation['byRiskCategory'][number]>
              rowKey="riskCategory"
              size="small"
              pagination={false}
              dataSource={data.byRiskCategory}
              columns={[
                { title: m.riskCategory, dataIndex: 'riskCategory' },
                { title: m.count, dataIndex: 'count', align: 'right' },
                {
                  title: m.annualPremium,
                  dataIndex: 'annualPremiumFen',
                  align: 'right',
                  render: (v: number | null) => formatFen(v),
                },
              ]}
            />
          )}
          {data.byDepartment.length > 0 && (
            <Table<InsuranceInformation['byDepartment'][number]>
              style={{ marginTop: 12 }}
              rowKey="department"
              size="small"
              pagination={false}
              dataSource={data.byDepartment}
              columns={[
                { title: m.byDepartment, dataIndex: 'department' },
                { title: m.count, dataIndex: 'count', align: 'right' },
              ]}
            />
          )}
        </>
      )}
    </Card>
  );
}
