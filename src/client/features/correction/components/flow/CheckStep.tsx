import { Alert, Button } from 'antd';
import type { DraftCheckResult } from '@contract/io/correction';
import { maskIdNumber } from '@common/mask';
import { useMessages } from '@client/shared/i18n';
import { DataList } from '@client/shared/list/DataList';
import { PayBar } from '@client/shared/PayBar';
import { correctionMessages } from '@client/features/correction/messages';
import { Busy, CancelButton, Failure, LaterButton, type StepProps } from './parts';

type Problem = DraftCheckResult['problems'][number];

/** The gateway's checks of the draft and its premium: running, what it found, or what went wrong. */
export function CheckStep({ snapshot, send }: StepProps) {
  const m = useMessages(correctionMessages);
  const ctx = snapshot.context;
  if (snapshot.matches({ open: { checking: 'running' } })) return <Busy text={m.checking} />;
  if (snapshot.matches({ open: { underwriting: 'running' } })) return <Busy text={m.underwriting} />;
  if (snapshot.matches({ open: { checking: 'problems' } }))
    return (
      <div data-testid="check-problems">
        <Alert type="error" showIcon className="mc-flow-alert" title={m.problemsTitle} />
        <DataList<Problem>
          size="small"
          rowKey="itemId"
          localPageSize={20}
          rows={ctx.problems}
          columns={[
            { key: 'name', title: m.name, className: 'mc-nowrap', card: 'title', render: (p) => p.name },
            {
              key: 'idNumber',
              title: m.idNumber,
              className: 'mc-nowrap',
              card: 'subtitle',
              render: (p) => maskIdNumber(p.idNumber),
            },
            { key: 'reasons', title: m.reasons, className: 'mc-wrap', render: (p) => p.reasons.join(' ') },
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
