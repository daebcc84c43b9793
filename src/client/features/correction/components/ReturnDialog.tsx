import { Form, Input } from 'antd';
import type { CorrectionSummary } from '@contract/io/correction';
import { FormDialog } from '@client/shared/FormDialog';
import { format, useMessages } from '@client/shared/i18n';
import { notify } from '@client/shared/notify';
import { useReturnCorrectionMutation } from '../api';
import { correctionMessages } from '../messages';

/** A second person returns a correction waiting to be sent for approval to its preparer, saying why. */
export function ReturnDialog({
  correction,
  open,
  onClose,
}: {
  correction: Pick<CorrectionSummary, 'correctionId' | 'correctionNo'>;
  open: boolean;
  onClose: () => void;
}) {
  const m = useMessages(correctionMessages);
  const [form] = Form.useForm<{ reason: string }>();
  const [send] = useReturnCorrectionMutation();
  const submit = async ({ reason }: { reason: string }) => {
    await send({ correctionId: correction.correctionId, reason: reason.trim() }).unwrap();
    notify.success(format(m.returnedDone, { no: correction.correctionNo }));
  };
  return (
    <FormDialog
      open={open}
      title={format(m.returnTitle, { no: correction.correctionNo })}
      okText={m.returnSend}
      cancelText={m.back}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      fresh
    >
      <Form.Item
        name="reason"
        label={m.returnReason}
        rules={[{ required: true, whitespace: true, message: m.reasonRequired }]}
      >
        <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
    </FormDialog>
  );
}
