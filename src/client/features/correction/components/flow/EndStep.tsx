import { Button, Result } from 'antd';
import { Link } from 'react-router-dom';
import { formatFen } from '@common/money';
import { formatDate } from '@client/shared/format';
import { format, useMessages } from '@client/shared/i18n';
import { notify } from '@client/shared/notify';
import { paths } from '@client/shared/paths';
import { useDownloadEndorsementMutation } from '@client/features/correction/api';
import { correctionMessages } from '@client/features/correction/messages';
import { Busy, Failure, type StepProps } from './parts';

/** In force, saved for later, cancelled (or being cancelled). */
export function EndStep({ snapshot, send }: StepProps) {
  const m = useMessages(correctionMessages);
  const [download, downloading] = useDownloadEndorsementMutation();
  const ctx = snapshot.context;
  const c = ctx.correction;
  const records = <Link to={paths.correctRecord.path}>{m.toRecords}</Link>;
  const employees = ctx.policy ? <Link to={paths.employeeView.href(ctx.policy.policyNo)}>{m.toEmployees}</Link> : null;
  if (snapshot.matches('done')) {
    const refund = (c?.netFen ?? 0) < 0;
    return (
      <Result
        status="success"
        data-testid="flow-done"
        title={m.doneTitle}
        subTitle={
          <>
            <div>{format(m.doneText, { no: c?.correctionNo ?? '', date: formatDate(c?.effectiveDate) })}</div>
            {refund && <div>{format(m.doneRefund, { amount: formatFen(-(c?.netFen ?? 0)) })}</div>}
          </>
        }
        extra={[
          <Button
            key="pdf"
            type="primary"
            loading={downloading.isLoading}
            onClick={async () => {
              if (!c) return;
              const r = await download({ correctionId: c.correctionId });
              if ('data' in r && r.data) notify.success(format(m.downloaded, { file: r.data.filename }));
            }}
          >
            {m.downloadEndorsement}
          </Button>,
          <span key="employees">{employees}</span>,
          <span key="records">{records}</span>,
        ]}
      />
    );
  }
  if (snapshot.matches('saved'))
    return (
      <Result status="info" data-testid="flow-saved" title={m.savedTitle} subTitle={m.savedText} extra={records} />
    );
  if (snapshot.matches('cancelling')) return <Busy text={m.cancelling} />;
  if (snapshot.matches('cancelFailed'))
    return (
      <Failure error={ctx.error} onRetry={() => send({ type: 'RETRY' })}>
        <Button onClick={() => send({ type: 'BACK' })}>{m.back}</Button>
      </Failure>
    );
  return (
    <Result
      status="warning"
      data-testid="flow-cancelled"
      title={ctx.correctionId === null ? m.leftTitle : m.cancelledTitle}
      subTitle={
        ctx.correctionId === null ? (
          m.leftText
        ) : (
          <>
            {/* why it was cancelled when the gateway says so (a transfer that did not arrive by its deadline) */}
            {c?.state === 'cancelled' &&
              c.reasons.map((r) => (
                <div key={r} data-testid="cancelled-reason">
                  {r}
                </div>
              ))}
            <div>{m.cancelledText}</div>
          </>
        )
      }
      extra={records}
    />
  );
}
