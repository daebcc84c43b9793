import { Alert, Button, Modal, Space, Typography } from 'antd';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { RosterPerson } from '@contract/io/correction';
import { PolicyState } from '@contract/states';
import { formatDate } from '@client/shared/format';
import { format, useMessages } from '@client/shared/i18n';
import { correctionHref, paths } from '@client/shared/paths';
import { useCorrectablePoliciesQuery } from '../api';
import { EmployeeList } from '../components/EmployeeList';
import { correctionMessages, kindNames } from '../messages';
import { useMay } from '@client/shared/useMay';

/**
 * The insured employees of one policy (the roster, by its kind): search, details, export, and the
 * changes HR starts from here — add people, or remove, exchange or change the ones selected (carried
 * into the correction).
 */
export default function EmployeeView() {
  const m = useMessages(correctionMessages);
  const kinds = useMessages(kindNames);
  const prepares = useMay('prepare');
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const policyNo = params.get('policyNo');
  const { data, isLoading } = useCorrectablePoliciesQuery(policyNo ? { policyNo } : skipToken);
  const policy = data?.[0];
  const [selected, setSelected] = useState<RosterPerson[]>([]);
  const [confirming, setConfirming] = useState(false);

  const head = (
    <Space align="center" className="mc-page-head">
      <Button
        onClick={() => (location.key === 'default' ? navigate(paths.myPolicy.href({ tab: 'group' })) : navigate(-1))}
      >
        {m.back}
      </Button>
      <Typography.Title level={3} className="mc-page-title">
        {m.rosterTitle}
      </Typography.Title>
    </Space>
  );
  if (!policyNo)
    return (
      <div className="mc-page" data-testid="employee-view">
        {head}
        <Alert type="info" showIcon title={m.chooseRosterPolicy} />
      </div>
    );
  if (isLoading || !policy)
    return (
      <div className="mc-page" data-testid="employee-view">
        {head}
        {!isLoading && <Alert type="warning" showIcon title={m.noSuchRosterPolicy} />}
      </div>
    );

  const inForce = policy.state === PolicyState.inForce;
  const go = (kind: 'add' | 'subtract' | 'exchange' | 'modify', personIds: number[] = []) =>
    navigate(correctionHref(policy.variant, policy.policyNo, { kind, personIds }));
  const one = selected.length === 1;
  return (
    <div className="mc-page" data-testid="employee-view">
      {head}
      <Typography.Paragraph data-testid="employee-view-policy">
        {policy.policyNo} · {policy.productName} ·{' '}
        <span className="mc-nowrap">
          {formatDate(policy.startDate)} ~ {formatDate(policy.endDate)}
        </span>
      </Typography.Paragraph>
      <EmployeeList
        policy={policy}
        selection={inForce ? 'multiple' : 'none'}
        selectedIds={selected.map((p) => p.personId)}
        onSelect={(_, people) => setSelected(people)}
        actions={
          inForce &&
          prepares && (
            <Space wrap data-testid="roster-actions">
              <Button onClick={() => go('add')}>{kinds.add}</Button>
              <Button danger disabled={!selected.length} onClick={() => setConfirming(true)}>
                {format(m.removeSelected, { count: selected.length })}
              </Button>
              <Button
                disabled={!one}
                onClick={() =>
                  go(
                    'exchange',
                    selected.map((p) => p.personId),
                  )
                }
              >
                {m.exchangeSelectedOne}
              </Button>
              {policy.variant === 'insured' && (
                <Button
                  disabled={!one}
                  onClick={() =>
                    go(
                      'modify',
                      selected.map((p) => p.personId),
                    )
                  }
                >
                  {m.modifySelectedOne}
                </Button>
              )}
            </Space>
          )
        }
      />
      <Modal
        open={confirming}
        title={format(m.removeSelectedTitle, { count: selected.length })}
        okText={m.removeSelectedOk}
        okButtonProps={{ danger: true }}
        cancelText={m.keep}
        onCancel={() => setConfirming(false)}
        onOk={() => {
          setConfirming(false);
          go(
            'subtract',
            selected.map((p) => p.personId),
          );
        }}
      >
        <Typography.Paragraph>{format(m.removeSelectedText, { policy: policy.policyNo })}</Typography.Paragraph>
        <ul data-testid="remove-selected" className="mc-reasons">
          {selected.map((p) => (
            <li key={p.personId}>
              {p.name} · {p.idNumber}
            </li>
          ))}
        </ul>
      </Modal>
    </div>
  );
}
