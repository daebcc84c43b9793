import { Button, Form, Input, Radio, Select } from 'antd';
import { useEffect, useState } from 'react';
import { idDocumentError, insurerToday, personFindings, type PersonProblem } from '@common/correction';
import { carriesBirthdate, DOCUMENT_TYPES } from '@common/idDocument';
import type { FieldRefusal, PersonInput, PolicySummary } from '@contract/io/correction';
import type { PersonFields, Sex } from '@contract/person';
import { idNumberMessage, idTypeName } from '@client/shared/idNumber';
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

/** A problem of a person's own fields in the user's words (document numbers: the portal's one sentence for each rule). */
function problemText(m: M, locale: Locale, problem: PersonProblem): string {
  const idError = idDocumentError(problem);
  if (idError) return idNumberMessage(idError, locale);
  return m[`person_${problem}` as keyof M];
}

/**
 * A person to add (or the person joining in an exchange), by any identity document: birthdate and sex
 * are asked when the document's number does not carry them. The rules that need no database (the
 * document's number, name, phone, birthdate and sex) are checked here with the gateway's own functions before anything is sent; every
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
  const idType = Form.useWatch('idType', form) ?? 'residentId';
  const idNumber = Form.useWatch('idNumber', form) ?? '';
  const asksBirthdate = !carriesBirthdate(idType, idNumber);
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
      idType: person.idType,
      idNumber: person.idNumber ?? '',
      phone: person.phone,
      ...(asksBirthdate ? { sex: person.sex, birthdate: person.birthdate } : {}),
    });
    if (findings.length) {
      const byField = new Map<string, string[]>();
      for (const f of findings)
        byField.set(f.field, [...(byField.get(f.field) ?? []), problemText(m, locale, f.problem)]);
      form.setFields([...byField].map(([name, errors]) => ({ name: name as keyof PersonInput, errors })));
      return;
    }
    const { sex, birthdate, ...rest } = person;
    onSubmit({
      ...rest,
      ...(asksBirthdate ? { sex, birthdate } : {}),
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
      initialValues={{ idType: 'residentId' }}
    >
      <div className="mc-form-grid">
        <Form.Item name="name" label={m.name} rules={[{ required: true, message: m.required }]}>
          <Input aria-label={m.name} autoComplete="off" maxLength={30} />
        </Form.Item>
        <Form.Item name="idType" label={m.idType}>
          <Select
            aria-label={m.idType}
            data-testid="id-type"
            options={DOCUMENT_TYPES.map((t) => ({ value: t, label: idTypeName(t, locale) }))}
          />
        </Form.Item>
        <Form.Item name="idNumber" label={m.idNumber} rules={[{ required: true, message: m.required }]}>
          <Input aria-label={m.idNumber} autoComplete="off" maxLength={18} />
        </Form.Item>
        {asksBirthdate && (
          <>
            <Form.Item
              name="birthdate"
              label={m.birthdate}
              rules={[{ required: true, message: m.person_birthdateRequired }]}
            >
              <Input aria-label={m.birthdate} type="date" max={insurerToday()} min="1880-01-01" />
            </Form.Item>
            <Form.Item name="sex" label={m.sex} rules={[{ required: true, message: m.person_sexRequired }]}>
              <Radio.Group
                aria-label={m.sex}
                options={(['male', 'female'] as const satisfies Sex[]).map((x) => ({ value: x, label: m[x] }))}
                optionType="button"
              />
            </Form.Item>
          </>
        )}
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
