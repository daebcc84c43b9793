import { Alert, Button, Card, DatePicker, Space, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { format, useMessages } from '@client/shared/i18n';
import { formatFen } from '@common/money';
import { PayBar } from '@client/shared/PayBar';
import type { EditRequest } from '@client/features/correction/correction.machine';
import { correctionMessages } from '@client/features/correction/messages';
import { BatchUpload } from '../BatchUpload';
import { DraftItems } from '../DraftItems';
import { EmployeeList } from '../EmployeeList';
import { ModifyForm } from '../ModifyForm';
import { PersonForm } from '../PersonForm';
import { CancelButton, Failure, LaterButton, type StepProps } from './parts';

/** The draft: who joins, leaves, is exchanged or changed; a form, a file or a choice from the roster. */
export function EditStep({ snapshot, send, carried }: StepProps & { carried: number[] }) {
  const m = useMessages(correctionMessages);
  const ctx = snapshot.context;
  const policy = ctx.policy!;
  const [selected, setSelected] = useState<number[]>(carried);
  const saving = snapshot.matches({ open: { editing: 'saving' } });
  const failed = snapshot.matches({ open: { editing: 'failed' } });
  // A refusal about a person's fields is shown on those fields; any other failure once, above the draft.
  const fieldRefusal = failed && ctx.error?.fields ? { fields: ctx.error.fields } : null;
  const edit = (request: EditRequest) => send({ type: 'EDIT', request });
  const inDraft = ctx.draft.list.map((i) => i.personId).filter((id): id is number => id !== null);
  const uploading =
    ctx.edit?.op === 'addBatch' || ctx.edit?.op === 'subtractUpload' || ctx.edit?.op === 'exchangeUpload';
  const added = ctx.added.length ? ctx.added : null;

  const upload = (purpose: 'add' | 'subtract' | 'exchange') => (
    <BatchUpload
      policy={policy}
      purpose={purpose}
      result={ctx.importResult}
      busy={saving && uploading}
      onFile={(file) =>
        edit({
          op: purpose === 'add' ? 'addBatch' : purpose === 'subtract' ? 'subtractUpload' : 'exchangeUpload',
          file,
        })
      }
      onDismiss={
        snapshot.matches({ open: { editing: 'importRejected' } }) ? () => send({ type: 'DISMISS' }) : undefined
      }
    />
  );
  const addedNote = added && !added.some((i) => i.action === 'subtract') && (
    <Alert
      type="success"
      showIcon
      data-testid="added-note"
      className="mc-flow-alert"
      title={format(added.length === 1 ? m.addedOne : m.addedMany, {
        name: added[0].name,
        count: added.length,
      })}
    />
  );
  const list = (selection: 'multiple' | 'single') => (
    <EmployeeList
      policy={policy}
      selection={selection}
      selectedIds={selected}
      onSelect={(ids) => setSelected(ids)}
      disabledIds={inDraft}
    />
  );

  let tabs: Array<{ key: string; label: string; children: ReactNode }>;
  if (ctx.kind === 'add') {
    tabs = [
      {
        key: 'one',
        label: m.addOne,
        children: (
          <>
            <PersonForm
              policy={policy}
              submitText={m.addPerson}
              busy={saving && !uploading}
              refusal={fieldRefusal}
              clearWhen={added}
              onSubmit={(person) => edit({ op: 'addSingle', person })}
            />
            {addedNote}
          </>
        ),
      },
      { key: 'file', label: m.addBatch, children: upload('add') },
    ];
  } else if (ctx.kind === 'subtract') {
    tabs = [
      {
        key: 'list',
        label: m.fromList,
        children: (
          <>
            {list('multiple')}
            <Button
              type="primary"
              disabled={!selected.length}
              loading={saving && !uploading}
              onClick={() => {
                edit({ op: 'subtract', personIds: selected });
                setSelected([]);
              }}
            >
              {format(m.subtractSelected, { count: selected.length })}
            </Button>
          </>
        ),
      },
      { key: 'file', label: m.fromFile, children: upload('subtract') },
    ];
  } else if (ctx.kind === 'exchange') {
    tabs = [
      {
        key: 'list',
        label: m.fromList,
        children: (
          <>
            <Typography.Title level={5}>{m.exchangeLeaving}</Typography.Title>
            {list('single')}
            <Typography.Title level={5}>{m.exchangeJoiner}</Typography.Title>
            {!selected.length && <Typography.Paragraph type="secondary">{m.chooseOneLeaving}</Typography.Paragraph>}
            <PersonForm
              policy={policy}
              submitText={m.exchangeSubmit}
              disabled={!selected.length}
              busy={saving && !uploading}
              refusal={fieldRefusal}
              clearWhen={added}
              onSubmit={(person) => {
                edit({ op: 'exchange', personId: selected[0], person });
                setSelected([]);
              }}
            />
            {addedNote}
          </>
        ),
      },
      { key: 'file', label: m.fromFile, children: upload('exchange') },
    ];
  } else {
    tabs = [
      {
        key: 'list',
        label: m.fromList,
        children: (
          <>
            {list('single')}
            <ModifyForm
              policy={policy}
              personId={selected[0] ?? null}
              busy={saving}
              refusal={fieldRefusal}
              onSubmit={(personId, changes) => {
                edit({ op: 'modify', personId, changes });
                setSelected([]);
              }}
            />
          </>
        ),
      },
    ];
  }

  const canChangeDate = !saving;
  const total = ctx.correction?.itemCount ?? ctx.draft.total;
  return (
    <div data-testid="edit-step">
      <Card size="small" className="mc-flow-card">
        <Space wrap align="center" className="mc-flow-date">
          <span>{m.effectiveDate}</span>
          <DatePicker
            aria-label={m.effectiveDate}
            allowClear={false}
            value={ctx.effectiveDate ? dayjs(ctx.effectiveDate) : null}
            disabled={!canChangeDate}
            disabledDate={(d) =>
              Boolean(
                ctx.window &&
                (d.isBefore(dayjs(ctx.window.earliest), 'day') || d.isAfter(dayjs(ctx.window.latest), 'day')),
              )
            }
            onChange={(d) => d && send({ type: 'SET_DATE', effectiveDate: d.format('YYYY-MM-DD') })}
          />
          <Typography.Text type="secondary">{m.effectiveDateHint}</Typography.Text>
        </Space>
        <Tabs items={tabs} destroyOnHidden={false} />
      </Card>
      {failed && !fieldRefusal && (
        <Failure error={ctx.error} onRetry={() => send({ type: 'RETRY' })}>
          <Button onClick={() => send({ type: 'DISMISS' })}>{m.dismiss}</Button>
        </Failure>
      )}
      <Card
        size="small"
        className="mc-flow-card"
        title={ctx.correction ? format(m.draftNo, { no: ctx.correction.correctionNo }) : m.draft}
        extra={total > 0 ? format(m.draftCount, { count: total }) : null}
      >
        <DraftItems
          items={ctx.draft.list}
          total={ctx.draft.total}
          onRemove={saving ? undefined : (itemId) => edit({ op: 'removeItems', itemIds: [itemId] })}
        />
      </Card>
      <PayBar
        total={
          ctx.correction?.netFen != null
            ? format(m.payBarTotal, { amount: formatFen(ctx.correction.netFen) })
            : undefined
        }
      >
        <CancelButton snapshot={snapshot} send={send} />
        <LaterButton send={send} />
        <Button type="primary" disabled={saving || total === 0} onClick={() => send({ type: 'CHECK' })}>
          {m.toCheck}
        </Button>
      </PayBar>
    </div>
  );
}
