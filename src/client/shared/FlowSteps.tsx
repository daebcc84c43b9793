import { Progress, Steps } from 'antd';
import { defineMessages, format, useMessages } from './i18n';
import { useWide } from './list/useWide';

export const stepMessages = defineMessages({
  'en-US': { stepOf: 'Step {n} of {total}' },
  'zh-CN': { stepOf: '第 {n} 步，共 {total} 步' },
});

/**
 * A flow's steps: antd's Steps from md up; on a phone a compact header ("Step 2 of 6" and the step's
 * name over a bar of the way done) instead of a column of every step filling the first screen.
 */
export function FlowSteps({
  current,
  titles,
  size,
  className,
}: {
  current: number;
  titles: string[];
  size?: 'small' | 'default';
  className?: string;
}) {
  const t = useMessages(stepMessages);
  const wide = useWide('md');
  if (wide)
    return <Steps size={size} current={current} className={className} items={titles.map((title) => ({ title }))} />;
  const n = Math.min(Math.max(current, 0), titles.length - 1) + 1;
  return (
    <div className="mc-steps-compact" data-testid="steps-compact">
      <div className="mc-steps-compact-title">
        <span className="mc-steps-compact-count">{format(t.stepOf, { n, total: titles.length })}</span>
        <span className="mc-steps-compact-name">{titles[n - 1]}</span>
      </div>
      <Progress percent={Math.round((n / titles.length) * 100)} showInfo={false} size="small" />
    </div>
  );
}
