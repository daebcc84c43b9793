import { Alert, Modal } from 'antd';

export interface SessionFlowDialogProps {
  state: 'idle' | 'confirming' | 'busy' | 'failed' | 'done';
  title: string;
  text: string;
  failedText: string;
  confirm: string;
  cancel: string;
  retry: string;
  onConfirm: () => void;
  onCancel: () => void;
  testId: string;
}

/** The confirmation dialog of a session flow; it only renders the machine's state. */
export function SessionFlowDialog(props: SessionFlowDialogProps) {
  const { state } = props;
  return (
    <Modal
      open={state === 'confirming' || state === 'busy' || state === 'failed'}
      title={props.title}
      okText={state === 'failed' ? props.retry : props.confirm}
      cancelText={props.cancel}
      confirmLoading={state === 'busy'}
      onOk={props.onConfirm}
      onCancel={props.onCancel}
      closable={state !== 'busy'}
      mask={{ closable: false }}
      data-testid={props.testId}
      destroyOnHidden
    >
      <p>{props.text}</p>
      {state === 'failed' && <Alert type="error" showIcon title={props.failedText} />}
    </Modal>
  );
}
