import { App as AntApp } from 'antd';
import { useEffect } from 'react';
import { setNotifier } from './notify';

/** Inside antd's <App>: routes every toast through the themed, localised message API. */
export function NotifierHost() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    const previous = setNotifier(message);
    return () => {
      setNotifier(previous);
    };
  }, [message]);
  return null;
}
