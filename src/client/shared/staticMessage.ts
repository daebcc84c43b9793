/** antd's static message API, in a chunk of its own (see notify.ts). */
export { message } from 'antd';
