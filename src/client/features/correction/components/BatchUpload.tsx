import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Progress, Space, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import type { ImportResult, ImportRowError, PolicySummary } from '@contract/io/correction';
import { onUploadProgress } from '@client/api/uploadProgress';
import { format, useMessages } from '@client/shared/i18n';
import { DataList } from '@client/shared/list/DataList';
import { notify } from '@client/shared/notify';
import {
  useDownImportEmployeeExcelMutation,
  useDownloadErrorExcelMutation,
  useDownloadErrorExcelNewMutation,
  useDownloadExcelTemplateMutation,
  useDownloadGroupExchangeTemplateMutation,
  useDownloadGroupSubtractTemplateMutation,
  useInsuredDownErrorExcelMutation,
} from '../api';
import { correctionMessages } from '../messages';

export type SheetPurpose = 'add' | 'subtract' | 'exchange';

/** Spreadsheets the gateway reads (by content; the names are what a file chooser offers first). */
const ACCEPT = '.xlsx,.xls,.xlsm,.ods,.csv,.txt';

/** 1,234,567 bytes as 1.2 MB. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * A roster file: the template (its rules and, where the policy needs them, its occupations), a file
 * dropped or chosen, its name and size and how far its upload has gone, and the result: every row
 * added, or the rows that are wrong with their reasons and the error report.
 */
export function BatchUpload({
  policy,
  purpose,
  result,
  busy,
  onFile,
  onDismiss,
}: {
  policy: PolicySummary;
  purpose: SheetPurpose;
  result: ImportResult | null;
  busy: boolean;
  onFile: (file: File) => void;
  /** Shown with a refused file: put it aside and go on with the draft. */
  onDismiss?: () => void;
}) {
  const m = useMessages(correctionMessages);
  const [file, setFile] = useState<{ name: string; size: number } | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [addTemplate] = useDownImportEmployeeExcelMutation();
  const [insuredTemplate] = useDownloadExcelTemplateMutation();
  const [subtractTemplate] = useDownloadGroupSubtractTemplateMutation();
  const [exchangeTemplate] = useDownloadGroupExchangeTemplateMutation();
  const [errorReport] = useDownloadErrorExcelMutation();
  const [errorReportNew] = useDownloadErrorExcelNewMutation();
  const [insuredErrorReport] = useInsuredDownErrorExcelMutation();

  useEffect(() => {
    if (!busy) return undefined;
    return onUploadProgress(({ loaded, total }) => setPercent(Math.round((loaded / total) * 100)));
  }, [busy]);

  const saved = async (download: Promise<{ data?: { filename: string } } | { error: unknown }>) => {
    const r = await download;
    if ('data' in r && r.data) notify.success(format(m.downloaded, { file: r.data.filename }));
  };
  const template = () => {
    const args = { policyId: policy.policyId };
    if (purpose === 'subtract') return saved(subtractTemplate(args));
    if (purpose === 'exchange') return saved(exchangeTemplate(args));
    return saved(policy.variant === 'insured' ? insuredTemplate(args) : addTemplate(args));
  };
  const report = (importId: number) =>
    saved(
      policy.variant === 'insured'
        ? insuredErrorReport({ importId })
        : policy.variant === 'employeeNew'
          ? errorReportNew({ importId })
          : errorReport({ importId }),
    );
  const shown = result;

  return (
    <div data-testid="batch-upload" className="mc-batch-upload">
      <Space wrap className="mc-batch-template">
        <Typography.Text>{m[`templateHint_${purpose}`]}</Typography.Text>
        <Button onClick={() => void template()}>{m.template}</Button>
      </Space>
      <Upload.Dragger
        accept={ACCEPT}
        multiple={false}
        showUploadList={false}
        disabled={busy}
        beforeUpload={(chosen) => {
          setFile({ name: chosen.name, size: chosen.size });
          setPercent(0);
          onFile(chosen);
          // the flow sends it (with the draft's fields and its request key), not the Upload itself
          return false;
        }}
        data-testid="upload-dragger"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{m.dropFile}</p>
        <p className="ant-upload-hint">{m.dropHint}</p>
      </Upload.Dragger>
      {file && (
        <div className="mc-upload-file" data-testid="upload-file">
          <Typography.Text strong>{file.name}</Typography.Text>
          <Typography.Text type="secondary">{fileSize(file.size)}</Typography.Text>
          {busy && (
            <Progress
              percent={percent ?? 0}
              status="active"
              size="small"
              format={(p) => (p === 100 ? m.checkingFile : `${p}%`)}
            />
          )}
        </div>
      )}
      {shown && shown.ok && !busy && (
        <Alert
          className="mc-flow-alert"
          type="success"
          showIcon
          data-testid="import-ok"
          title={format(m.importOk, { count: shown.totalRows, file: shown.fileName })}
        />
      )}
      {shown && !shown.ok && !busy && (
        <div data-testid="import-errors" className="mc-import-errors">
          <Alert
            type="error"
            showIcon
            className="mc-flow-alert"
            title={format(m.importRejected, { bad: shown.errorRows, total: shown.totalRows, file: shown.fileName })}
            action={
              <Space>
                <Button type="primary" onClick={() => void report(shown.importId)}>
                  {m.errorReport}
                </Button>
                {onDismiss && (
                  <Button data-testid="dismiss-import" onClick={onDismiss}>
                    {m.dismiss}
                  </Button>
                )}
              </Space>
            }
          />
          <DataList<ImportRowError>
            size="small"
            rowKey="row"
            localPageSize={10}
            rows={shown.errors}
            columns={[
              { key: 'row', title: m.row, card: 'state', render: (e) => e.row },
              { key: 'name', title: m.name, className: 'mc-nowrap', card: 'title', render: (e) => e.name },
              {
                key: 'idNumber',
                title: m.idNumber,
                className: 'mc-nowrap',
                card: 'subtitle',
                render: (e) => e.idNumber,
              },
              { key: 'reasons', title: m.reasons, className: 'mc-wrap', render: (e) => e.reasons.join(' ') },
            ]}
          />
        </div>
      )}
    </div>
  );
}
