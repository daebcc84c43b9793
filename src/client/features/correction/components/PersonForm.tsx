import { Button, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { personProblems } from '../../../../common/correction';
import type { PersonInput, PolicySummary } from '../../../../contract/io/correction';
import { useMessages } from '../../../shared/i18n';
import { useLikeOccupationQuery, useLikeProfessionQuery } from '../api';
import { correctionMessages } from '../messages';

/** The occupation search (likeOccupation / likeProfession); categories the policy does not cover are disabled. */
function OccupationSelect({
  policy,
  value,
  onChange,
}: {
  policy: PolicySummary;
  value?: string;
  onChange?: (v: string) => void;
}) {
  const m = useMessages(correctionMessages);
  const [keyword, setKeyword] = useState('');
  const args = { keyword, policyId: policy.policyId, limit: 20 };
  const employee = useLikeOccupationQuery(args, { skip: !keyword || policy.variant === 'insured' });
  const insured = useLikeProfessionQuery(args, { skip: !keyword || policy.variant !== 'insured' });
  const list = (policy.variant === 'insured' ? insured.data : employee.data) ?? [];
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim()) }}
      allowClear
      aria-label={m.occupation}
      placeholder={m.occupationSearch}
      value={value}
      onChange={(v) => onChange?.(v)}
      notFoundContent={null}
      options={list.map((o) => ({
        value: o.code,
        disabled: o.allowed === false,
        label: `${o.name} / ${o.nameZh} (${m.riskCategory} ${o.riskCategory}${o.allowed === false ? `, ${m.notAllowed}` : ''})`,
      }))}
    />
  );
}

/**
 * A person to add (or the person joining in an exchange). The rules that need no database (ID number,
 * name, phone) are checked here with the gateway's own functions before anything is sent.
 */
export function PersonForm({
  policy,
  submitText,
  onSubmit,
  disabled,
}: {
  policy: PolicySummary;
  submitText: string;
  onSubmit: (p: PersonInput) => void;
  disabled?: boolean;
}) {
  const m = useMessages(correctionMessages);
  const [form] = Form.useForm<PersonInput>();
  const [problems, setProblems] = useState<string[]>([]);
  const occupationRequired = policy.variant === 'employeeNew';
  const finish = (values: PersonInput) => {
    const person = Object.fromEntries(
      Object.entries(values).filter(([, v]) => v !== undefined && v !== null && String(v).trim() !== ''),
    ) as unknown as PersonInput;
    const { reasons } = personProblems({
      name: person.name ?? '',
      idNumber: person.idNumber ?? '',
      phone: person.phone,
    });
    setProblems(reasons);
    if (reasons.length) return;
    onSubmit({ ...person, idNumber: person.idNumber.trim().toUpperCase(), name: person.name.trim() });
  };
  return (
    <Form form={form} layout="inline" onFinish={finish} data-testid="person-form" style={{ rowGap: 8 }}>
      <Form.Item name="name" label={m.name} rules={[{ required: true, message: m.required }]}>
        <Input aria-label={m.name} style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="idNumber" label={m.idNumber} rules={[{ required: true, message: m.required }]}>
        <Input aria-label={m.idNumber} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="phone" label={m.phone}>
        <Input aria-label={m.phone} style={{ width: 140 }} />
      </Form.Item>
      {policy.variant !== 'insured' && (
        <>
          <Form.Item name="employeeNo" label={m.employeeNo}>
            <Input aria-label={m.employeeNo} style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="department" label={m.department}>
            <Input aria-label={m.department} style={{ width: 120 }} />
          </Form.Item>
        </>
      )}
      <Form.Item
        name="occupationCode"
        label={m.occupation}
        rules={occupationRequired ? [{ required: true, message: m.required }] : []}
      >
        <OccupationSelect policy={policy} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" disabled={disabled}>
          {submitText}
        </Button>
      </Form.Item>
      {problems.length > 0 && (
        <div role="alert" data-testid="person-problems" style={{ color: '#cf1322', width: '100%' }}>
          {problems.map((p) => (
            <div key={p}>{p}</div>
          ))}
        </div>
      )}
    </Form>
  );
}
