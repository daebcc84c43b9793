import { Modal, Result } from 'antd';
import { useState, type ReactNode } from 'react';
import { format, useMessages } from '@client/shared/i18n';
import { policyMessages } from '../messages';

export interface ResultState {
  ok: boolean;
  text: string;
}

/**
 * The result dialog of My policy: what became of a document the user asked for. Failures are
 * also shown as a toast by the central error handler; the dialog says which document it was.
 */
function useResultDialog(): { show: (r: ResultState) => void; dialog: ReactNode } {
  const m = useMessages(policyMessages);
  const [result, setResult] = useState<ResultState | null>(null);
  const dialog = (
    <Modal
      open={result !== null}
      title={m.resultTitle}
      onOk={() => setResult(null)}
      onCancel={() => setResult(null)}
      okText={m.close}
      cancelButtonProps={{ style: { display: 'none' } }}
      destroyOnHidden
    >
      {result && <Result status={result.ok ? 'success' : 'error'} title={result.text} data-testid="result-dialog" />}
    </Modal>
  );
  return { show: setResult, dialog };
}

/** Runs a download mutation and reports in the result dialog. */
export function useDocumentResult() {
  const m = useMessages(policyMessages);
  const { show, dialog } = useResultDialog();
  const run = async (download: () => Promise<{ data?: { filename: string }; error?: unknown }>) => {
    const result = await download();
    if (result.data) show({ ok: true, text: format(m.savedAs, { name: result.data.filename }) });
    else show({ ok: false, text: m.downloadFailed });
  };
  return { run, dialog };
}
