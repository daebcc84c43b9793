import { INSURER } from '@common/insurer';
import { FileTextOutlined, PhoneOutlined } from '@ant-design/icons';
import { skipToken } from '@reduxjs/toolkit/query';
import { Alert, Card, Descriptions, Grid, Image, Space, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useSelector } from 'react-redux';
import { Link, useSearchParams } from 'react-router-dom';
import type { LoginInfo } from '@contract/io/session';
import type { ClaimDetail } from '@contract/io/policy';
import { ClaimDocumentState } from '@contract/states';
import { formatFen } from '@common/money';
import type { GatewayError } from '@client/api/errors';
import { callUrl } from '@client/api/request';
import { portalConfig } from '@client/config';
import { formatDateTime } from '@client/shared/format';
import { format, useMessages } from '@client/shared/i18n';
import { notify } from '@client/shared/notify';
import { paths, policyDetailHref } from '@client/shared/paths';
import { usePageTitle } from '@client/shared/usePageTitle';
import { useQueryClaimDetailQuery, useSubmitClaimDocumentsMutation } from '../api';
import { claimMessages } from '../claimMessages';
import { ClaimUpload, uploadedIds, type ClaimUploadFile } from '../components/ClaimUpload';
import { DetailFrame } from '../components/PolicyDetailView';
import { CLAIM_COLORS, claimStateText, kindText } from '../format';
import { policyMessages } from '../messages';

const TIMELINE_COLOR: Record<number, string> = { 1: 'blue', 2: 'blue', 3: 'green', 4: 'green', 5: 'red', 6: 'gray' };

const fileUrl = (claimNo: string, fileId: number) =>
  callUrl('blocLegal/claim/claimFile', { claimNo, fileId }, portalConfig().gatewayPrefix);

/** An outstanding document with its upload: sent to the claim as soon as the file is up. */
function OutstandingDocument({ claimNo, code, name }: { claimNo: string; code: string; name: string }) {
  const c = useMessages(claimMessages);
  const [files, setFiles] = useState<ClaimUploadFile[]>([]);
  const [submit] = useSubmitClaimDocumentsMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const change = async (list: ClaimUploadFile[]) => {
    setFiles(list);
    const [fileId] = uploadedIds(list);
    if (fileId === undefined) return;
    try {
      await submit({ claimNo, files: [{ fileId, documentCode: code }] }).unwrap();
      notify.success(format(c.documentSent, { document: name }));
    } catch (error) {
      const e = error as GatewayError;
      setRefusal(e.kind === 'status' ? e.statusText : c.uploadNetwork);
      setFiles([]);
    }
  };
  return (
    <div className="mc-claim-document-row" data-testid={`outstanding-${code}`}>
      <div>
        <ClaimUpload purpose="document" files={files} onChange={change} max={1} label={name} />
        {refusal && <Typography.Text type="danger">{refusal}</Typography.Text>}
      </div>
    </div>
  );
}

function Documents({ data }: { data: ClaimDetail }) {
  const m = useMessages(policyMessages);
  const c = useMessages(claimMessages);
  const outstanding = data.documents.filter((d) => d.state === ClaimDocumentState.outstanding);
  return (
    <Card title={m.claimDocuments}>
      {outstanding.length > 0 && (
        <Alert
          type={data.open ? 'info' : 'warning'}
          showIcon
          style={{ marginBottom: 12 }}
          title={
            !data.open
              ? c.closedForDocuments
              : outstanding.length === 1
                ? c.documentOutstandingHint
                : format(c.documentsOutstandingHint, { count: outstanding.length })
          }
        />
      )}
      <ul className="mc-claim-documents" data-testid="claim-documents">
        {data.documents.map((d) => (
          <li key={`${d.code ?? ''}${d.name}`}>
            <Space wrap>
              <span>{d.name}</span>
              <Tag color={d.state === ClaimDocumentState.received ? 'green' : 'orange'}>
                {d.state === ClaimDocumentState.received ? m.received : m.outstanding}
              </Tag>
              {d.fileId !== null && (
                <a href={fileUrl(data.claimNo, d.fileId)} target="_blank" rel="noopener noreferrer">
                  {c.open}
                </a>
              )}
            </Space>
            {d.state === ClaimDocumentState.outstanding && data.open && d.code ? (
              <OutstandingDocument claimNo={data.claimNo} code={d.code} name={d.name} />
            ) : (
              <Typography.Text type="secondary">{d.receivedAt ? d.receivedAt.slice(0, 10) : ''}</Typography.Text>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}

function Files({ data }: { data: ClaimDetail }) {
  const c = useMessages(claimMessages);
  const pictures = data.files.filter((f) => f.contentType.startsWith('image/'));
  const others = data.files.filter((f) => !f.contentType.startsWith('image/'));
  return (
    <Card title={c.files} data-testid="claim-files">
      {data.files.length === 0 ? (
        <Typography.Text type="secondary">{c.noFiles}</Typography.Text>
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Image.PreviewGroup>
            <Space wrap>
              {pictures.map((f) => (
                <Image
                  key={f.fileId}
                  width={96}
                  height={96}
                  style={{ objectFit: 'cover' }}
                  src={fileUrl(data.claimNo, f.fileId)}
                  alt={f.documentName ?? f.fileName}
                />
              ))}
            </Space>
          </Image.PreviewGroup>
          {others.map((f) => (
            <a key={f.fileId} href={fileUrl(data.claimNo, f.fileId)} target="_blank" rel="noopener noreferrer">
              <FileTextOutlined /> {f.documentName ? `${f.documentName} · ` : ''}
              {f.fileName}
            </a>
          ))}
        </Space>
      )}
    </Card>
  );
}

/**
 * Claim details, for members and companies alike: progress timeline, amounts, the insured person,
 * the documents received and outstanding (uploaded right here), what was sent, and whom to call.
 */
export default function MyclaimsQueryDetail() {
  const m = useMessages(policyMessages);
  const c = useMessages(claimMessages);
  // Below lg the contact labels stand above their values: beside them, a long label left the number too little room.
  const wide = Grid.useBreakpoint().lg ?? true;
  usePageTitle(c.claimDetailTitle);
  const [params] = useSearchParams();
  const claimNo = (params.get('claimNo') ?? '').trim();
  const info = useSelector((s: { session: { info: LoginInfo | null } }) => s.session.info);
  const { data, isLoading, isError } = useQueryClaimDetailQuery(claimNo ? { claimNo } : skipToken);
  return (
    <DetailFrame
      title={c.claimDetailTitle}
      isLoading={isLoading}
      isError={isError || !claimNo}
      fallback={info?.legalFlag === 1 ? paths.legalClaims.href() : paths.personalClaims.href()}
      fallbackLabel={c.myClaims}
      notFoundText={c.claimNotFound}
    >
      {data && (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="claim-detail">
          <Card
            title={
              <Space wrap>
                <span data-testid="claim-no">{data.claimNo}</span>
                <Tag color={CLAIM_COLORS[data.state]}>{claimStateText(m, data.state)}</Tag>
              </Space>
            }
          >
            <Descriptions
              column={{ xs: 1, md: 2 }}
              items={[
                {
                  key: 'policy',
                  label: m.policy,
                  children: (
                    <Link to={policyDetailHref(data.policy.kind, data.policy.policyNo)}>{data.policy.policyNo}</Link>
                  ),
                },
                {
                  key: 'product',
                  label: m.product,
                  children: `${data.policy.productName} (${kindText(m, data.policy.kind)})`,
                },
                ...(data.claimKind
                  ? [{ key: 'kind', label: c.kindLabel, children: data.claimKind === 'car' ? c.kindCar : c.kindNonCar }]
                  : []),
                { key: 'claimant', label: m.claimant, children: data.claimantName },
                {
                  key: 'insured',
                  label: m.insuredPerson,
                  children: data.insured
                    ? [data.insured.name, data.insured.idNumber, data.insured.department, data.insured.employeeNo]
                        .filter(Boolean)
                        .join(' · ')
                    : '-',
                },
                { key: 'accident', label: m.accidentDate, children: data.accidentDate },
                { key: 'report', label: m.reportDate, children: data.reportDate },
                ...(data.place ? [{ key: 'place', label: c.place, children: data.place }] : []),
                { key: 'cause', label: m.cause, children: data.cause },
                { key: 'desc', label: m.description, children: data.description },
                ...(data.reporter
                  ? [
                      {
                        key: 'reporter',
                        label: c.reportedBy,
                        children: `${data.reporter.name} · ${data.reporter.phone}`,
                      },
                    ]
                  : []),
              ]}
            />
          </Card>
          <Card title={m.amounts}>
            <Descriptions
              column={{ xs: 1, md: 3 }}
              items={[
                { key: 'claimed', label: m.claimed, children: formatFen(data.claimedFen) },
                { key: 'approved', label: m.approved, children: formatFen(data.approvedFen) },
                {
                  key: 'paid',
                  label: m.paidAmount,
                  children: <span data-testid="claim-paid">{formatFen(data.paidFen)}</span>,
                },
              ]}
            />
          </Card>
          <Card title={m.progress}>
            <Timeline
              data-testid="claim-timeline"
              items={data.timeline.map((e, i) => ({
                key: i,
                color: TIMELINE_COLOR[e.state],
                title: formatDateTime(e.at),
                content: (
                  <div>
                    <Typography.Text strong>{e.title}</Typography.Text>
                    <div>{e.text}</div>
                  </div>
                ),
              }))}
            />
          </Card>
          <Documents data={data} />
          <Files data={data} />
          <Card title={c.whoToCall} data-testid="claim-contact">
            <Descriptions
              column={{ xs: 1, lg: 2 }}
              layout={wide ? 'horizontal' : 'vertical'}
              items={[
                {
                  key: 'adjuster',
                  label: c.adjuster,
                  children: data.contact.adjusterName ? (
                    <span>
                      {data.contact.adjusterName} ·{' '}
                      <a href={`tel:${data.contact.adjusterPhone}`}>{data.contact.adjusterPhone}</a>
                    </span>
                  ) : data.open ? (
                    c.noAdjusterYet
                  ) : (
                    c.claimsTeam
                  ),
                },
                {
                  key: 'hotline',
                  label: `${c.hotline} (${c[`line_${data.contact.line}`]})`,
                  children: (
                    <a href={`tel:${data.contact.hotline}`} className="mc-nowrap">
                      <PhoneOutlined /> {data.contact.hotline} · {INSURER.hotline}
                    </a>
                  ),
                },
              ]}
            />
          </Card>
        </Space>
      )}
    </DetailFrame>
  );
}
