import { PROMISES } from '@common/insurer';
import {
  Alert,
  AutoComplete,
  Button,
  Card,
  DatePicker,
  Empty,
  Form,
  Input,
  InputNumber,
  Result,
  Segmented,
  Select,
  Space,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useSelector } from 'react-redux';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { ClaimKind, ReportedClaim } from '@contract/io/policy';
import type { LoginInfo } from '@contract/io/session';
import type { GatewayError } from '@client/api/errors';
import { format, useMessages } from '@client/shared/i18n';
import { paths } from '@client/shared/paths';
import { randomKey } from '@client/shared/randomKey';
import { usePageTitle } from '@client/shared/usePageTitle';
import { useClaimablePoliciesQuery, useQueryInsuredPersonQuery, useReportClaimMutation } from '../api';
import { claimMessages } from '../claimMessages';
import { ClaimUpload, stillUploading, uploadedIds, type ClaimUploadFile } from '../components/ClaimUpload';

interface Values {
  policyNo: string;
  insuredPersonId?: number;
  accidentDate: Dayjs;
  place: string;
  cause: string;
  description: string;
  claimedYuan?: number | null;
  contactName: string;
  contactPhone: string;
}

const MOBILE = /^1[3-9]\d{9}$/;

/** The people of a roster policy, found by name or ID number as the user types. */
function PersonPicker({
  policyNo,
  value,
  onChange,
  placeholder,
}: {
  policyNo: string;
  value?: number;
  onChange?: (id: number) => void;
  placeholder: string;
}) {
  const [keyword, setKeyword] = useState('');
  const { data, isFetching } = useQueryInsuredPersonQuery({
    policyNo,
    keyword: keyword.trim() || undefined,
    state: 1,
    pageSize: 20,
  });
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      value={value}
      onChange={onChange}
      loading={isFetching}
      placeholder={placeholder}
      notFoundContent={isFetching ? null : undefined}
      options={(data?.list ?? []).map((p) => ({
        value: p.id,
        label: `${p.name} · ${p.idNumber}${p.department ? ` · ${p.department}` : ''}`,
      }))}
    />
  );
}

/**
 * Report a claim (car or non-car): the policy and the insured person, what happened, how to reach the
 * reporter, and the pictures and documents, uploaded as they are chosen. The claim number at the end;
 * the claim is in the lists at once.
 */
export default function ClaimReport() {
  const m = useMessages(claimMessages);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const kind: ClaimKind = params.get('kind') === 'car' ? 'car' : 'nonCar';
  usePageTitle(kind === 'car' ? m.reportCarTitle : m.reportNonCarTitle);
  const info = useSelector((s: { session: { info: LoginInfo | null } }) => s.session.info);
  const [form] = Form.useForm<Values>();
  const policyNo = Form.useWatch('policyNo', form);
  const { data: policies, isLoading } = useClaimablePoliciesQuery({ kind });
  const policy = policies?.find((p) => p.policyNo === policyNo);
  const [pictures, setPictures] = useState<ClaimUploadFile[]>([]);
  const [documents, setDocuments] = useState<Record<string, ClaimUploadFile[]>>({});
  const [report, { isLoading: sending }] = useReportClaimMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState<ReportedClaim | null>(null);
  // One key per report shown: sending it twice (a double click, a retry) is one claim.
  const [requestKey, setRequestKey] = useState(() => randomKey('claim'));

  const required = (label: string) => [{ required: true, message: format(m.required, { field: label }) }];
  const allFiles = useMemo(() => [...pictures, ...Object.values(documents).flat()], [pictures, documents]);

  const submit = async (values: Values) => {
    setRefusal(null);
    if (stillUploading(allFiles)) {
      setRefusal(m.uploading);
      return;
    }
    const files = [
      ...uploadedIds(pictures).map((fileId) => ({ fileId })),
      ...Object.entries(documents).flatMap(([documentCode, list]) =>
        uploadedIds(list).map((fileId) => ({ fileId, documentCode })),
      ),
    ];
    try {
      const answer = await report({
        kind,
        policyNo: values.policyNo,
        insuredPersonId: policy?.roster ? values.insuredPersonId : undefined,
        accidentDate: values.accidentDate.format('YYYY-MM-DD'),
        place: values.place.trim(),
        cause: values.cause.trim(),
        description: values.description.trim(),
        claimedFen: values.claimedYuan ? Math.round(values.claimedYuan * 100) : undefined,
        contactName: values.contactName.trim(),
        contactPhone: values.contactPhone.trim(),
        files,
        requestKey,
      }).unwrap();
      setDone(answer);
    } catch (error) {
      const e = error as GatewayError;
      setRefusal(e.kind === 'status' ? e.statusText : m.uploadNetwork);
    }
  };

  const switchKind = (next: ClaimKind) => {
    setParams({ kind: next });
    form.resetFields(['policyNo', 'insuredPersonId', 'cause']);
    setDocuments({});
  };

  if (done) {
    return (
      <div className="mc-page" data-testid="claim-reported">
        <Result
          status="success"
          title={m.reportedTitle}
          subTitle={
            <>
              <div data-testid="reported-claim-no">
                {format(kind === 'car' ? m.reportedTextCar : m.reportedText, { claimNo: done.claimNo, ...PROMISES })}
              </div>
              <div>
                {done.outstanding.length
                  ? format(m.stillOutstanding, { documents: done.outstanding.map((d) => d.name).join(', ') })
                  : m.allSent}
              </div>
            </>
          }
          extra={[
            <Button type="primary" key="view" onClick={() => navigate(paths.claimDetail.href(done.claimNo))}>
              {m.viewClaim}
            </Button>,
            <Button
              key="list"
              onClick={() => navigate(info?.legalFlag === 1 ? paths.legalClaims.href() : paths.personalClaims.href())}
            >
              {m.myClaims}
            </Button>,
            <Button
              key="again"
              onClick={() => {
                form.resetFields();
                setPictures([]);
                setDocuments({});
                setRequestKey(randomKey('claim'));
                setDone(null);
              }}
            >
              {m.reportAnother}
            </Button>,
          ]}
        />
      </div>
    );
  }

  return (
    <div className="mc-page mc-claim-report" data-testid="claim-report">
      <Space wrap align="center" style={{ justifyContent: 'space-between', width: '100%', marginBottom: 8 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {kind === 'car' ? m.reportCarTitle : m.reportNonCarTitle}
        </Typography.Title>
        <Segmented<ClaimKind>
          value={kind}
          onChange={switchKind}
          options={[
            { value: 'car', label: m.kindCar },
            { value: 'nonCar', label: m.kindNonCar },
          ]}
        />
      </Space>
      <Typography.Paragraph type="secondary">{m.reportIntro}</Typography.Paragraph>
      {!isLoading && policies?.length === 0 ? (
        <Empty description={m.noPolicies} data-testid="no-claimable-policies">
          <Link to={info?.legalFlag === 1 ? paths.myPolicy.href() : paths.personalPolicies.href()}>{m.policy}</Link>
        </Empty>
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={submit}
          requiredMark
          initialValues={{ contactName: info?.legalFlag === 1 ? info?.nickName : info?.customerName }}
        >
          <Card title={m.sectionPolicy} size="small" style={{ marginBottom: 16 }}>
            <Form.Item name="policyNo" label={m.policy} rules={required(m.policy)}>
              <Select
                placeholder={m.policyPlaceholder}
                loading={isLoading}
                onChange={() => {
                  form.setFieldsValue({ insuredPersonId: undefined });
                  setDocuments({});
                }}
                options={(policies ?? []).map((p) => ({
                  value: p.policyNo,
                  label: `${p.productName} · ${p.policyNo}`,
                }))}
              />
            </Form.Item>
            {policy && (
              <Typography.Paragraph type="secondary" data-testid="claim-policy-period">
                {format(m.period, { from: policy.startDate, to: policy.endDate })}
                {policy.insuredName ? ` · ${format(m.insuredOf, { name: policy.insuredName })}` : ''}
              </Typography.Paragraph>
            )}
            {policy?.roster && (
              <Form.Item name="insuredPersonId" label={m.insuredPerson} rules={required(m.insuredPerson)}>
                <PersonPicker policyNo={policy.policyNo} placeholder={m.insuredPersonPlaceholder} />
              </Form.Item>
            )}
          </Card>

          <Card title={m.sectionWhat} size="small" style={{ marginBottom: 16 }}>
            <Form.Item name="accidentDate" label={m.accidentDate} rules={required(m.accidentDate)}>
              <DatePicker
                style={{ width: '100%', maxWidth: 240 }}
                disabledDate={(d) =>
                  d.isAfter(dayjs(), 'day') ||
                  (policy
                    ? d.isBefore(dayjs(policy.startDate), 'day') || d.isAfter(dayjs(policy.endDate), 'day')
                    : false)
                }
              />
            </Form.Item>
            <Form.Item name="place" label={m.place} rules={required(m.place)}>
              <Input maxLength={100} placeholder={m.placePlaceholder} />
            </Form.Item>
            <Form.Item name="cause" label={m.cause} rules={required(m.cause)}>
              <AutoComplete
                options={(policy?.causes ?? []).map((c) => ({ value: c }))}
                filterOption={(input, option) =>
                  String(option?.value ?? '')
                    .toLowerCase()
                    .includes(input.toLowerCase())
                }
              >
                <Input maxLength={60} />
              </AutoComplete>
            </Form.Item>
            <Form.Item name="description" label={m.description} rules={required(m.description)}>
              <Input.TextArea rows={4} maxLength={1000} showCount placeholder={m.descriptionPlaceholder} />
            </Form.Item>
            <Form.Item name="claimedYuan" label={m.claimed}>
              <InputNumber min={0} max={1_000_000_000} precision={2} style={{ width: '100%', maxWidth: 240 }} />
            </Form.Item>
          </Card>

          <Card title={m.sectionContact} size="small" style={{ marginBottom: 16 }}>
            <Space wrap size="large" align="start">
              <Form.Item name="contactName" label={m.contactName} rules={required(m.contactName)}>
                <Input maxLength={30} style={{ width: 220 }} />
              </Form.Item>
              <Form.Item
                name="contactPhone"
                label={m.contactPhone}
                rules={[...required(m.contactPhone), { pattern: MOBILE, message: m.badPhone }]}
              >
                <Input maxLength={11} inputMode="numeric" style={{ width: 220 }} />
              </Form.Item>
            </Space>
          </Card>

          <Card title={m.sectionFiles} size="small" style={{ marginBottom: 16 }}>
            <Typography.Text strong>{m.pictures}</Typography.Text>
            <Typography.Paragraph type="secondary">{m.picturesHint}</Typography.Paragraph>
            <ClaimUpload purpose="picture" files={pictures} onChange={setPictures} max={9} testId="claim-pictures" />
            {policy && (
              <div style={{ marginTop: 16 }} data-testid="claim-documents-upload">
                <Typography.Text strong>{m.documents}</Typography.Text>
                <Typography.Paragraph type="secondary">{m.documentsHint}</Typography.Paragraph>
                {policy.documents.map((d) => (
                  <div key={d.code} className="mc-claim-document-row">
                    <span>{d.name}</span>
                    <ClaimUpload
                      purpose="document"
                      files={documents[d.code] ?? []}
                      onChange={(list) => setDocuments((all) => ({ ...all, [d.code]: list }))}
                      max={1}
                      label={d.name}
                    />
                  </div>
                ))}
              </div>
            )}
          </Card>

          {refusal && (
            <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid="claim-refusal" />
          )}
          <Button type="primary" htmlType="submit" size="large" loading={sending} disabled={stillUploading(allFiles)}>
            {m.submit}
          </Button>
        </Form>
      )}
    </div>
  );
}
