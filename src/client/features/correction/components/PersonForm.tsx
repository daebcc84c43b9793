import { Button, Form, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { personFindings, type PersonProblem } from '@common/correction';
import type { FieldRefusal, PersonInput, PolicySummary } from '@contract/io/correction';
import type { PersonFields } from '@contract/person';
import { idNumberMessage } from '@client/shared/idNumber';
import { format, useMessages, type Locale } from '@client/shared/i18n';
import { useLikeOccupationQuery, useLikeProfessionQuery } from '../api';
import { correctionMessages } from '../messages';
import { useSelector } from 'react-redux';

/** The occupation search (likeOccupation / likeProfession); categories the policy does not cover are disabled. */
export function OccupationSelect({
  policy,
  value,
  onChange,
  initialLabel,
}: {
  policy: PolicySummary;
  value?: string;
  onChange?: (v: string) => void;
  /** The name of the occupation the field starts with (it is not among the search's answers). */
  initialLabel?: string;
}) {
  const m = useMessages(correctionMessages);
  const locale = useSelector((s: { ui: { locale: Locale } }) => s.ui.locale);
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
      options={[
        ...(value && initialLabel && !list.some((o) => o.code === value) ? [{ value, label: initialLabel }] : []),
        ...list.map((o) => ({
          value: o.code,
          disabled: o.allowed === false,
          label: `${locale === 'zh-CN' ? o.nameZh : o.name} · ${format(m.categoryN, { n: o.riskCategory })}${o.allowed === false ? ` · ${m.notAllowed}` : ''}`,
        })),
      ]}
    />
  );
}

type M = (typeof correctionMessages)['en-US'];
const ID_ERRORS = {
  idDigits: 'digits',
  idFormat: 'format',
  idBirthdate: 'birthdate',
  idCheckDigit: 'checkDigit',
} as const;

/** A problem of a person's own fields in the user's words (ID numbers: the portal's one sentence for each). */
function problemText(m: M, locale: Locale, problem: PersonProblem): string {
  if (problem in ID_ERRORS) return idNumberMessage(ID_ERRORS[problem as keyof typeof ID_ERRORS], locale);
  return m[`person_${problem}` as keyof M];
}

/**
 * A person to add (or the person joining in an exchange). The rules that need no database (ID number,
 * name, phone) are checked here with the gateway's own functions before anything is sent; every
 * problem is shown once, on its field, and so are the gateway's refusals of a field (`refusal`). The
 * form clears when the person it sent has been added (`clearWhen` changes).
 */
export function PersonForm({
  policy,
  submitText,
  onSubmit,
  disabled,
  busy,
  refusal,
  clearWhen,
}: {
  policy: PolicySummary;
  submitText: string;
  onSubmit: (p: PersonInput) => void;
  disabled?: boolean;
  busy?: boolean;
  refusal?: FieldRefusal | null;
  clearWhen?: unknown;
}) {
  const m = useMessages(correctionMessages);
  const locale = useSelector((s: { ui: { locale: Locale } }) => s.ui.locale);
  const [form] = Form.useForm<PersonInput>();
  const occupationRequired = policy.variant === 'employeeNew';
  useEffect(() => {
    if (!refusal) return;
    form.setFields(
      (Object.entries(refusal.fields) as Array<[keyof PersonFields, string[]]>).map(([name, errors]) => ({
        name,
        errors,
      })),
    );
  }, [refusal, form]);
  useEffect(() => {
    if (clearWhen) form.resetFields();
  }, [clearWhen, form]);
  const finish = (values: PersonInput) => {
    const person = Object.fromEntries(
      Object.entries(values).filter(([, v]) => v !== undefined && v !== null && String(v).trim() !== ''),
    ) as PersonInput;
    const { findings } = personFindings({
      name: person.name ?? '',
      idNumber: person.idNumber ?? '',
      phone: person.phone,
    });
    if (findings.length) {
      const byField = new Map<string, string[]>();
      for (const f of findings)
        byField.set(f.field, [...(byField.get(f.field) ?? []), problemText(m, locale, f.problem)]);
      form.setFields([...byField].map(([name, errors]) => ({ name: name as keyof PersonInput, errors })));
      return;
    }
    onSubmit({
      ...person,
      idNumber: person.idNumber.trim().toUpperCase(),
      name: person.name.trim(),
      phone: person.phone?.replace(/\s+/g, ''),
    });
  };
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={finish}
      data-testid="person-form"
      className="mc-person-form"
      disabled={disabled}
    >
      <div className="mc-form-grid">
        <Form.Item name="name" label={m.name} rules={[{ required: true, message: m.required }]}>
          <Input aria-label={m.name} autoComplete="off" maxLength={30} />
        </Form.Item>
        <Form.Item name="idNumber" label={m.idNumber} rules={[{ required: true, message: m.required }]}>
          <Input aria-label={m.idNumber} autoComplete="off" maxLength={18} />
        </Form.Item>
        <Form.Item name="phone" label={m.phone}>
          <Input aria-label={m.phone} autoComplete="off" maxLength={13} />
        </Form.Item>
        {policy.variant !== 'insured' && (
          <>
            <Form.Item name="employeeNo" label={m.employeeNo}>
              <Input aria-label={m.employeeNo} maxLength={32} />
            </Form.Item>
            <Form.Item name="department" label={m.department}>
              <Input aria-label={m.department} maxLength={60} />
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
      </div>
      <Button type="primary" htmlType="submit" loading={busy}>
        {submitText}
      </Button>
    </Form>
  );
}
