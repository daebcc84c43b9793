import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

/** Toasts last 2000 ms (docs/SPEC.md §9). */
const TOAST_SECONDS = 2;

export type Notifier = Pick<MessageInstance, 'error' | 'success' | 'info' | 'warning'>;

let api: Notifier = message;

/** The app hands over antd's context-aware message API once it is mounted (see NotifierHost). */
export function setNotifier(instance: Notifier): Notifier {
  const previous = api;
  api = instance;
  return previous;
}

export const notify = {
  error: (text: string) => void api.error({ content: text, duration: TOAST_SECONDS }),
  success: (text: string) => void api.success({ content: text, duration: TOAST_SECONDS }),
  info: (text: string) => void api.info({ content: text, duration: TOAST_SECONDS }),
};
