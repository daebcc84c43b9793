import { Alert, Button, Table } from 'antd';
import type { DraftCheckResult } from '@contract/io/correction';
import { maskIdNumber } from '@common/mask';
import { useMessages } from '@client/shared/i18n';
import { PayBar } from '@client/shared/PayBar';
import { correctionMessages } from '@client/features/correction/messages';
import { Busy, CancelButton, Failure, LaterButton, type StepProps } from './parts';

type Problem = DraftCheckResult['problems'][number];

/** The gateway's checks of the draft and its premium: running, what it found, or what went wrong. */
export function CheckStep({ snapshot, send }: StepProps) {
  const m = useMessages(correctionMessages);
  const ctx = snapshot.context;
  if (snapshot.matches({ checking: 'running' })) return <Busy text={m.checking} />;
  if (snapshot.matches({ underwriting: 'running' })) return <Busy text={m.underwriting} />;
  if (snapshot.matches({ checking: 'problems' }))
    return (
      <div data-testid="check-problems">
        <Alert type="error" showIcon className="mc-flow-alert" title={m.problemsTitle} />
        <Table<Problem>
          size="small"
          rowKey="itemId"
          tableLayout="fixed"
          pagination={ctx.problems.length > 20 ? { pageSize: 20 } : false}
          dataSource={ctx.problems}
          columns={[
            { title: m.name, dataIndex: 'name', width: 160, className: 'mc-nowrap' },
            { title: m.idNumber, dataIndex: 'idNumber', width: 190, className: 'mc-nowrap', render: maskIdNumber },
            { title: m.reasons, dataIndex: 'reasons', render: (r: string[]) => r.join(' ') },
          ]}
        />
        <PayBar>
          <CancelButton snapshot={snapshot} send={send} />
          <LaterButton send={send} />
          <Button type="primary" onClick={() => send({ type: 'BACK' })}>
            {m.editAgain}
          </Button>
        </PayBar>
      </div>
    );
  // checking.failed or underwriting.failed
  return (
    <div data-testid="check-failed">
      <Failure error={ctx.error} onRetry={() => send({ type: 'RETRY' })}>
        <Button onClick={() => send({ type: 'BACK' })}>{m.editAgain}</Button>
      </Failure>
      <PayBar>
        <CancelButton snapshot={snapshot} send={send} />
        <LaterButton send={send} />
      </PayBar>
    </div>
  );
}
