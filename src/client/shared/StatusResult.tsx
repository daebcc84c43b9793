import type { ResultProps } from 'antd';
import { lazy, Suspense, type ComponentType } from 'react';
import { loadAntdScope } from './AntdBoundary';

type Props = ResultProps & { 'data-testid'?: string };

/** The same notice in plain markup: while antd's Result loads, and if it cannot (the network is gone). */
function PlainResult({ title, subTitle, extra, 'data-testid': testId }: Props) {
  return (
    <div className="mc-status" data-testid={testId}>
      <div className="mc-status-title">{title}</div>
      {subTitle ? <div className="mc-status-text">{subTitle}</div> : null}
      {extra ? <div className="mc-status-extra">{extra}</div> : null}
    </div>
  );
}

/**
 * antd's Result (with its illustrations, a tenth of the frame's antd code) in a chunk of its own: the
 * frame shows it only when something went wrong (a failed login check, a refused page, a chunk that
 * did not arrive), so the first load does not carry it.
 */
const Result = lazy(() =>
  Promise.all([loadAntdScope(), import(/* webpackChunkName: "result", webpackExports: ["Result"] */ 'antd')])
    .then(([{ default: AntdScope }, antd]) => {
      const AntdResult = antd.Result as ComponentType<Props>;
      return {
        default: (props: Props) => (
          <AntdScope>
            <AntdResult {...props} />
          </AntdScope>
        ),
      };
    })
    .catch(() => ({ default: PlainResult })),
);

export function StatusResult(props: Props) {
  return (
    <Suspense fallback={<PlainResult {...props} />}>
      <Result {...props} />
    </Suspense>
  );
}
