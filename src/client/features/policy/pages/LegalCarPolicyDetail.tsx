import { Card, Descriptions } from 'antd';
import { skipToken } from '@reduxjs/toolkit/query';
import { format, useMessages } from '@client/shared/i18n';
import { useGetCarPolicyQuery } from '../api';
import { formatFen } from '@common/money';
import { DetailFrame, MY_POLICY, PolicyDetailView } from '../components/PolicyDetailView';
import { usePolicyNo } from '../components/usePolicyNo';
import { policyMessages } from '../messages';

/** Motor policy details: vehicle, plate, coverages and the no-claim discount. */
export default function LegalCarPolicyDetail() {
  const m = useMessages(policyMessages);
  const policyNo = usePolicyNo();
  const { data, isLoading, isError } = useGetCarPolicyQuery(policyNo ? { policyNo } : skipToken);
  return (
    <DetailFrame
      title={m.detailTitle}
      isLoading={isLoading}
      isError={isError || !policyNo}
      fallback={`${MY_POLICY}?tab=property`}
    >
      {data && (
        <PolicyDetailView detail={data}>
          <Card title={m.vehicle} data-testid="vehicle">
            <Descriptions
              column={{ xs: 1, md: 2 }}
              items={[
                { key: 'plate', label: m.plateNo, children: data.vehicle.plateNo },
                { key: 'model', label: m.brandModel, children: data.vehicle.brandModel },
                { key: 'vin', label: m.vin, children: data.vehicle.vin },
                { key: 'engine', label: m.engineNo, children: data.vehicle.engineNo },
                {
                  key: 'usage',
                  label: m.usage,
                  children: format(m.usageOf, { usage: data.vehicle.usage, vehicleType: data.vehicle.vehicleType }),
                },
                { key: 'seats', label: m.seats, children: data.vehicle.seats },
                { key: 'registered', label: m.registerDate, children: data.vehicle.registerDate },
                { key: 'price', label: m.sumInsured, children: formatFen(data.vehicle.purchasePriceFen) },
                { key: 'drivers', label: m.driverScope, children: data.vehicle.driverScope },
                {
                  key: 'ncd',
                  label: m.ncd,
                  children: format(m.ncdText, { coefficient: data.ncd.coefficient, years: data.ncd.claimFreeYears }),
                },
              ]}
            />
          </Card>
        </PolicyDetailView>
      )}
    </DetailFrame>
  );
}
