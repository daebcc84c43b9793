import { message } from 'antd';
import { useEffect } from 'react';
import { setNotifier } from './notify';

/**
 * Inside the pages' antd scope (AntdScope): routes every toast through the themed, localised message API
 * (antd's hook; its holder renders the toasts). Confirmation dialogs are the pages' own
 * (`Modal.useModal`), so the first load carries no dialog code.
 */
export function NotifierHost() {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    const previous = setNotifier(api);
    return () => {
      setNotifier(previous);
    };
  }, [api]);
  return holder;
}
