import { Alert, Button, Modal, Space, Typography } from 'antd';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { RosterPerson } from '@contract/io/correction';
import { PolicyState } from '@contract/states';
import { formatDate } from '@client/shared/format';
import { format, useMessages } from '@client/shared/i18n';
import { correctionHref, paths } from '@client/shared/paths';
import { useCertificateMutation, useCertificatesMutation, useCorrectablePoliciesQuery } from '../api';
import { EmployeeList } from '../components/EmployeeList';
import { correctionMessages, kindNames } from '../messages';
import { useMay } from '@client/shared/useMay';
import { ListButton } from '@client/shared/list/DataList';
import { notify } from '@client/shared/notify';

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
  const [wholeAsked, setWholeAsked] = useState(false);
  const [certificate, oneState] = useCertificateMutation();
  const [certificates, zipState] = useCertificatesMutation();
  const [personBusy, setPersonBusy] = useState<number | null>(null);
  const downloaded = (r: { data?: { filename: string } }) => {
    if (r.data) notify.success(format(m.downloaded, { file: r.data.filename }));
  };

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
  const downloadOne = async (personId: number) => {
    setPersonBusy(personId);
    try {
      downloaded(await certificate({ personId }));
    } finally {
      setPersonBusy(null);
    }
  };
  const downloadZip = async (choice: { personIds: number[] } | { whole: 1 }) =>
    downloaded(await certificates({ policyId: policy.policyId, ...choice }));
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
        rowActionsTitle={m.certificate}
        rowActions={(p) => (
          <ListButton
            aria-label={format(m.certificateOf, { name: p.name })}
            loading={oneState.isLoading && personBusy === p.personId}
            onClick={() => void downloadOne(p.personId)}
          >
            {m.certificate}
          </ListButton>
        )}
        actions={
          <Space wrap data-testid="roster-actions">
            <Button
              disabled={!selected.length}
              loading={zipState.isLoading && !wholeAsked}
              onClick={() => void downloadZip({ personIds: selected.map((p) => p.personId) })}
            >
              {format(m.certificatesSelected, { count: selected.length })}
            </Button>
            <Button loading={zipState.isLoading && wholeAsked} onClick={() => setWholeAsked(true)}>
              {m.certificatesWhole}
            </Button>
            {inForce && prepares && (
              <>
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
              </>
            )}
          </Space>
        }
      />
      <Modal
        open={wholeAsked && !zipState.isLoading}
        title={format(m.certificatesWholeTitle, { policy: policy.policyNo })}
        okText={m.certificatesWholeOk}
        cancelText={m.certificatesWholeCancel}
        onCancel={() => setWholeAsked(false)}
        onOk={() => void downloadZip({ whole: 1 }).finally(() => setWholeAsked(false))}
      >
        <Typography.Paragraph>{m.certificatesWholeText}</Typography.Paragraph>
      </Modal>
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
