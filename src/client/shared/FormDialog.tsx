import { Alert, Form, Modal, Typography, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { validValues } from './forms';

interface FormDialogProps<Values> {
  open: boolean;
  title: ReactNode;
  okText: string;
  cancelText: string;
  form: FormInstance<Values>;
  /** Sends the valid values; a rejection is the gateway's refusal and keeps the dialog open. */
  onSubmit: (values: Values) => Promise<void>;
  onClose: () => void;
  /** A line under the title saying what the dialog is for. */
  hint?: ReactNode;
  /**
   * For a silent call: the dialog shows the refusal above the fields (`text` turns the error into its
   * sentence). Without it the central error handler has shown the refusal already.
   */
  refusal?: { testId: string; text: (error: unknown) => string };
  /** Empty fields at every opening (the content is dropped when hidden); else the caller fills them. */
  fresh?: boolean;
  children: ReactNode;
}

/**
 * A form in a modal: OK validates the fields, then sends them; the dialog closes once the call
 * succeeds and stays open, showing the refusal, when the gateway refuses.
 */
export function FormDialog<Values>({
  open,
  title,
  okText,
  cancelText,
  form,
  onSubmit,
  onClose,
  hint,
  refusal,
  fresh = false,
  children,
}: FormDialogProps<Values>) {
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    onClose();
  };

  const submit = async () => {
    const values = await validValues(form);
    if (!values) return;
    setError(null);
    setSending(true);
    try {
      await onSubmit(values);
      close();
    } catch (e) {
      if (refusal) setError(refusal.text(e));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={cancelText}
      confirmLoading={sending}
      onOk={submit}
      onCancel={close}
      destroyOnHidden={fresh}
    >
      {hint && <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>}
      {refusal && error && (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid={refusal.testId} />
      )}
      <Form form={form} layout="vertical" preserve={!fresh}>
        {children}
      </Form>
    </Modal>
  );
}
