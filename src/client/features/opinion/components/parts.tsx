import { Space, Tag } from 'antd';
import type { OpinionSummary } from '@contract/io/opinion';
import type { opinionMessages } from '../messages';

export type OpinionTexts = (typeof opinionMessages)['en-US'];

export function StateTag({ state, m }: { state: number; m: OpinionTexts }) {
  const [color, text] = state === 1 ? ['blue', m.open] : state === 2 ? ['green', m.replied] : ['default', m.closed];
  return <Tag color={color}>{text}</Tag>;
}

export function Deadline({ o, m }: { o: Pick<OpinionSummary, 'deadlineDate' | 'overdue'>; m: OpinionTexts }) {
  if (!o.deadlineDate) return <>-</>;
  return (
    <Space size={4}>
      <span>{o.deadlineDate}</span>
      {o.overdue && <Tag color="red">{m.overdue}</Tag>}
    </Space>
  );
}
