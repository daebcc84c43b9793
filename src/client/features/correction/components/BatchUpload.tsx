import { Alert, Button, Space, Table } from 'antd';
import { useRef } from 'react';
import type { ImportResult, ImportRowError, PolicySummary } from '../../../../contract/io/correction';
import { format, useMessages } from '../../../shared/i18n';
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

/** Template download, file choice and the result of an import with its error report. */
export function BatchUpload({
  policy,
  purpose,
  result,
  onFile,
  disabled,
}: {
  policy: PolicySummary;
  purpose: SheetPurpose;
  result: ImportResult | null;
  onFile: (file: File) => void;
  disabled?: boolean;
}) {
  const m = useMessages(correctionMessages);
  const input = useRef<HTMLInputElement>(null);
  const [addTemplate] = useDownImportEmployeeExcelMutation();
  const [insuredTemplate] = useDownloadExcelTemplateMutation();
  const [subtractTemplate] = useDownloadGroupSubtractTemplateMutation();
  const [exchangeTemplate] = useDownloadGroupExchangeTemplateMutation();
  const [errorReport] = useDownloadErrorExcelMutation();
  const [errorReportNew] = useDownloadErrorExcelNewMutation();
  const [insuredErrorReport] = useInsuredDownErrorExcelMutation();
  const template = () => {
    const args = { policyId: policy.policyId };
    if (purpose === 'subtract') return subtractTemplate(args);
    if (purpose === 'exchange') return exchangeTemplate(args);
    return policy.variant === 'insured' ? insuredTemplate(args) : addTemplate(args);
  };
  const report = (importId: number) =>
    policy.variant === 'insured'
      ? insuredErrorReport({ importId })
      : policy.variant === 'employeeNew'
        ? errorReportNew({ importId })
        : errorReport({ importId });

  return (
    <div data-testid="batch-upload">
      <Space wrap>
        <Button onClick={() => void template()}>{m.template}</Button>
        <input
          ref={input}
          type="file"
          aria-label={m.chooseFile}
          accept=".xlsx,.xlsm,.xls,.et,.ods,.csv,.txt"
          disabled={disabled}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) onFile(file);
            e.target.value = '';
          }}
        />
      </Space>
      {result && result.ok && (
        <Alert
          style={{ marginTop: 12 }}
          type="success"
          showIcon
          title={format(m.importOk, { count: result.totalRows, file: result.fileName })}
        />
      )}
      {result && !result.ok && (
        <div data-testid="import-errors" style={{ marginTop: 12 }}>
          <Alert
            type="error"
            showIcon
            title={format(m.importRejected, { bad: result.errorRows, total: result.totalRows, file: result.fileName })}
            action={<Button onClick={() => void report(result.importId)}>{m.errorReport}</Button>}
          />
          <Table<ImportRowError>
            size="small"
            rowKey="row"
            pagination={{ pageSize: 10 }}
            dataSource={result.errors}
            columns={[
              { title: m.row, dataIndex: 'row', width: 70 },
              { title: m.name, dataIndex: 'name', width: 140 },
              { title: m.idNumber, dataIndex: 'idNumber', width: 200 },
              { title: m.reasons, dataIndex: 'reasons', render: (r: string[]) => r.join(' ') },
            ]}
          />
        </div>
      )}
    </div>
  );
}
