import { App as AntApp } from 'antd';
import { useEffect } from 'react';
import { setNotifier } from './notify';

/** Inside antd's <App>: routes every toast through the themed, localised message API. */
export function NotifierHost() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    setNotifier(message);
  }, [message]);
  return null;
}
