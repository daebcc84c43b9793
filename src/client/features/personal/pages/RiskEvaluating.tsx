import { Alert, Button, Card, Progress, Radio, Result, Space, Spin, Typography } from 'antd';
import { useMachine } from '@xstate/react';
import { inspectOptions } from '@client/shared/inspect';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { FundPosition, RiskResult } from '@contract/io/personal';
import { format, useMessages } from '@client/shared/i18n';
import { DataList } from '@client/shared/list/DataList';
import { useRiskEvaluatingMutation, useRiskQuestionnaireQuery, useRiskReviewQuery } from '../api';
import { refusalText } from '../components/errorText';
import { formatFen } from '@common/money';
import { label, personalMessages } from '../messages';
import { riskQuestionnaireMachine } from '../riskQuestionnaire.machine';

/** The latest valid evaluation in a sentence; its date stays on one line. */
function LatestResult({ latest }: { latest: RiskResult }) {
  const m = useMessages(personalMessages);
  const mark = '\u0000';
  const [before, after = ''] = format(m.riskLatest, {
    level: label(m, 'level', latest.level),
    score: latest.score,
    validUntil: mark,
  }).split(mark);
  return (
    <>
      {before}
      <span className="mc-nowrap">{latest.validUntil}</span>
      {after}
    </>
  );
}

function Questionnaire() {
  const m = useMessages(personalMessages);
  const questionnaire = useRiskQuestionnaireQuery();
  const review = useRiskReviewQuery();
  const [evaluate] = useRiskEvaluatingMutation();
  const machine = useMemo(
    () =>
      riskQuestionnaireMachine.provide({
        actors: {
          submit: fromPromise<RiskResult, { answers: Record<string, string> }>(async ({ input }) => {
            try {
              return await evaluate({ answers: input.answers }).unwrap();
            } catch (e) {
              throw new Error(refusalText(e) ?? m.empty, { cause: e });
            }
          }),
        },
      }),
    [evaluate, m.empty],
  );
  const [state, send] = useMachine(machine, inspectOptions());
  const { questions, index, answers, result, error } = state.context;

  if (questionnaire.isLoading || !questionnaire.data) return <Spin />;
  const latest = questionnaire.data.latest;
  const question = questions[index];

  return (
    <div className="mc-page" data-testid="risk-evaluating">
      <Typography.Title level={3}>{m.riskTitle}</Typography.Title>
      {state.matches('intro') && (
        <Card>
          <Typography.Paragraph>{m.riskIntro}</Typography.Paragraph>
          <Typography.Paragraph strong data-testid="risk-latest">
            {latest ? latest.valid ? <LatestResult latest={latest} /> : m.riskExpired : m.riskNone}
          </Typography.Paragraph>
          <Button type="primary" onClick={() => send({ type: 'START', questions: questionnaire.data!.questions })}>
            {latest ? m.riskAgain : m.riskStart}
          </Button>
          {review.data && review.data.mismatched.length > 0 && (
            <>
              <Typography.Paragraph style={{ marginTop: 16 }}>{m.riskMismatch}</Typography.Paragraph>
              <DataList<FundPosition>
                rowKey={(f) => `${f.accountNo}/${f.fundCode}`}
                size="small"
                rows={review.data.mismatched}
                columns={[
                  { key: 'fund', title: m.fund, className: 'mc-wrap', card: 'title', render: (f) => f.fundName },
                  { key: 'risk', title: m.riskLevel, card: 'state', render: (f) => label(m, 'level', f.riskLevel) },
                  { key: 'value', title: m.value, align: 'right', render: (f) => formatFen(f.valueFen) },
                ]}
              />
            </>
          )}
        </Card>
      )}
      {(state.matches('answering') || state.matches('submitting')) && question && (
        <Card>
          <Progress percent={Math.round((Object.keys(answers).length / questions.length) * 100)} />
          <Typography.Text type="secondary">
            {format(m.riskQuestion, { n: index + 1, total: questions.length })}
          </Typography.Text>
          <Typography.Title level={5}>{question.text}</Typography.Title>
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
          <Radio.Group
            value={answers[question.code]}
            onChange={(e) => send({ type: 'ANSWER', option: e.target.value as string })}
          >
            <Space orientation="vertical">
              {question.options.map((o) => (
                <Radio key={o.code} value={o.code}>
                  {o.text}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
          <Space style={{ display: 'flex', marginTop: 16 }}>
            <Button disabled={index === 0} onClick={() => send({ type: 'PREVIOUS' })}>
              {m.previous}
            </Button>
            {index < questions.length - 1 ? (
              <Button type="primary" disabled={!answers[question.code]} onClick={() => send({ type: 'NEXT' })}>
                {m.next}
              </Button>
            ) : (
              <Button
                type="primary"
                loading={state.matches('submitting')}
                disabled={!state.can({ type: 'SUBMIT' }) && !state.matches('submitting')}
                onClick={() => send({ type: 'SUBMIT' })}
              >
                {m.submit}
              </Button>
            )}
          </Space>
        </Card>
      )}
      {state.matches('result') && result && (
        <Result
          status="success"
          title={format(m.riskResult, { level: label(m, 'level', result.level) })}
          subTitle={format(m.riskLatest, {
            level: label(m, 'level', result.level),
            score: result.score,
            validUntil: result.validUntil,
          })}
          extra={<Button onClick={() => send({ type: 'RESTART' })}>{m.close}</Button>}
        />
      )}
    </div>
  );
}

export default function RiskEvaluating() {
  return <Questionnaire />;
}
