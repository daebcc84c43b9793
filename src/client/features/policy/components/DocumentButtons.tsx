import { DownloadOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import type { PolicyDocument } from '@contract/io/policy';
import { useMessages } from '@client/shared/i18n';
import { useDownloadLifePolicyMutation, useDownloadPolicyMutation, useGenerateForEmployerMutation } from '../api';
import { policyMessages } from '../messages';
import { useDocumentResult } from './ResultDialog';

/** The documents of a policy as download buttons (the e-policy, the life e-policy, the employer certificate). */
export function DocumentButtons({ policyNo, documents }: { policyNo: string; documents: PolicyDocument[] }) {
  const m = useMessages(policyMessages);
  const [downloadPolicy, policyState] = useDownloadPolicyMutation();
  const [downloadLife, lifeState] = useDownloadLifePolicyMutation();
  const [certificate, certificateState] = useGenerateForEmployerMutation();
  const { run, dialog } = useDocumentResult();
  if (documents.length === 0) return <Typography.Text type="secondary">{m.noDocuments}</Typography.Text>;
  const label = {
    ePolicy: m.ePolicy,
    lifePolicy: m.lifePolicy,
    employerCertificate: m.employerCertificate,
    premiumReceipt: m.receipt,
  };
  const action = {
    ePolicy: { go: () => downloadPolicy({ policyNo }), loading: policyState.isLoading },
    lifePolicy: { go: () => downloadLife({ policyNo }), loading: lifeState.isLoading },
    employerCertificate: { go: () => certificate({ policyNo }), loading: certificateState.isLoading },
  } as const;
  return (
    <Space wrap>
      {documents
        .filter((d) => d.kind in action)
        .map((d) => {
          const a = action[d.kind as keyof typeof action];
          return (
            <Button key={d.kind} icon={<DownloadOutlined />} loading={a.loading} onClick={() => run(a.go)}>
              {label[d.kind]}
            </Button>
          );
        })}
      {dialog}
    </Space>
  );
}
