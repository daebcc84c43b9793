import { Alert, Button, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { NAME_PATTERN, PHONE_PATTERN } from '@common/correction';
import type { FieldRefusal, PolicySummary } from '@contract/io/correction';
import type { PersonChange } from '@contract/person';
import { format, useMessages } from '@client/shared/i18n';
import { useGetInsuranceDetailQuery } from '../api';
import { correctionMessages } from '../messages';
import { OccupationSelect } from './PersonForm';

const FIELDS = ['name', 'phone', 'occupationCode', 'bankName', 'bankAccount'] as const;
type Field = (typeof FIELDS)[number];
type Values = Partial<Record<Field, string>>;

/**
 * A change of an insured person's details: choosing the person fills the form with what the policy
 * holds now (getInsuranceDetail); only what differs is sent (an emptied field clears it).
 */
export function ModifyForm({
  policy,
  personId,
  busy,
  refusal,
  onSubmit,
}: {
  policy: PolicySummary;
  personId: number | null;
  busy: boolean;
  refusal: FieldRefusal | null;
  onSubmit: (personId: number, changes: PersonChange) => void;
}) {
  const m = useMessages(correctionMessages);
  const [form] = Form.useForm<Values>();
  const { data: person } = useGetInsuranceDetailQuery(personId ? { personId } : skipToken);
  const [unchanged, setUnchanged] = useState(false);
  const current: Values | null = person
    ? {
        name: person.name,
        phone: person.phone ?? '',
        occupationCode: person.occupationCode ?? '',
        bankName: person.bankName ?? '',
        bankAccount: '',
      }
    : null;
  useEffect(() => {
    if (refusal)
      form.setFields(Object.entries(refusal.fields).map(([name, errors]) => ({ name: name as Field, errors })));
  }, [refusal, form]);
  if (!personId) return <Typography.Paragraph type="secondary">{m.chooseOneToChange}</Typography.Paragraph>;
  if (!person || !current) return null;
  const finish = (values: Values) => {
    const changes: PersonChange = {};
    for (const f of FIELDS) {
      const next = (values[f] ?? '').trim();
      // the bank account is shown masked: an empty field keeps it
      if (f === 'bankAccount' && !next) continue;
      if (next !== (current[f] ?? '')) changes[f] = next;
    }
    setUnchanged(Object.keys(changes).length === 0);
    if (Object.keys(changes).length) onSubmit(person.personId, changes);
  };
  return (
    <Form
      key={person.personId}
      form={form}
      layout="vertical"
      initialValues={current}
      onFinish={finish}
      data-testid="modify-form"
      className="mc-person-form"
    >
      <Typography.Title level={5}>{format(m.changingOf, { name: person.name })}</Typography.Title>
      <div className="mc-form-grid">
        <Form.Item
          name="name"
          label={m.name}
          rules={[
            { required: true, message: m.required },
            // the name on file is not judged again: only a new one must follow the rule (a roster name
            // from before the rule would otherwise block a change of phone or bank)
            {
              validator: (_, v: string | undefined) =>
                !v || v.trim() === current.name || NAME_PATTERN.test(v.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(m.person_nameInvalid)),
            },
          ]}
        >
          <Input aria-label={m.name} maxLength={30} />
        </Form.Item>
        <Form.Item name="phone" label={m.phone} rules={[{ pattern: PHONE_PATTERN, message: m.person_phoneInvalid }]}>
          <Input aria-label={m.phone} maxLength={11} />
        </Form.Item>
        <Form.Item name="occupationCode" label={m.occupation}>
          <OccupationSelect policy={policy} initialLabel={person.occupationName ?? undefined} />
        </Form.Item>
        <Form.Item name="bankName" label={m.bankName}>
          <Input aria-label={m.bankName} maxLength={60} />
        </Form.Item>
        <Form.Item
          name="bankAccount"
          label={m.accountNo}
          extra={person.bankAccount ? format(m.accountOnFile, { account: person.bankAccount }) : undefined}
        >
          <Input aria-label={m.accountNo} maxLength={30} />
        </Form.Item>
      </div>
      {unchanged && <Alert type="info" showIcon className="mc-flow-alert" title={m.nothingChanged} />}
      <Button type="primary" htmlType="submit" loading={busy}>
        {m.modifySubmit}
      </Button>
    </Form>
  );
}
