import { fireEvent, screen } from '@testing-library/react';
import { accountCancelMachine, type CancelServices } from '@client/features/account/accountCancel.machine';
import { accountChangeMachine, type ChangeServices } from '@client/features/account/accountChange.machine';
import { CancelFlow } from '@client/features/account/pages/LegalAccountCancel';
import { ChangeFlow } from '@client/features/account/pages/LegalAccountChange';
import {
  Calls,
  CoverageTracker,
  describe as describeSteps,
  modelPaths,
  printCoverage,
  withoutPrefixes,
} from './support/modelPaths';
import { drivePath, fillAndSubmit } from './support/pageDriver';

const refusal = (statusText: string, data: unknown = null) => ({
  kind: 'status',
  status: 'ERR_0003',
  statusText,
  data,
});
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));

describe('every path through the account cancellation page', () => {
  const events = [
    {
      type: 'xstate.done.actor.judge',
      output: { cancellable: true, reasons: [], policiesInForce: 0, unpaidPayments: 0 },
    },
    {
      type: 'xstate.done.actor.judge',
      output: {
        cancellable: false,
        reasons: ['The company still has 1 policy in force.'],
        policiesInForce: 1,
        unpaidPayments: 0,
      },
    },
    { type: 'xstate.error.actor.judge', error: { kind: 'network' } },
    { type: 'xstate.done.actor.checkPicture', output: { expiresInSeconds: 600 } },
    {
      type: 'xstate.error.actor.checkPicture',
      error: refusal('The characters do not match the picture; try again or draw a new picture.'),
    },
    {
      type: 'xstate.done.actor.sendCode',
      output: { phoneMasked: '139****5307', expiresInSeconds: 300, resendInSeconds: 60 },
    },
    {
      type: 'xstate.error.actor.sendCode',
      error: refusal('A code was sent less than a minute ago; you can ask for a new one in 42 seconds.', {
        resendInSeconds: 42,
      }),
    },
    {
      type: 'xstate.error.actor.sendCode',
      error: refusal('Too many codes were sent to this phone in the last hour; please try again later.'),
    },
    { type: 'xstate.done.actor.checkCode', output: { expiresInSeconds: 600 } },
    { type: 'xstate.error.actor.checkCode', error: refusal('The SMS code is wrong; 4 attempts left.') },
    { type: 'xstate.done.actor.cancel', output: null },
    {
      type: 'xstate.error.actor.cancel',
      error: refusal('Complete the picture check or the SMS check first.', { step: 'verify' }),
    },
    { type: 'SUBMIT_PICTURE', code: 'Kp7m' },
    { type: 'SUBMIT_CODE', code: '123456' },
  ];
  const services = (calls: Calls, logins: string[]): CancelServices => {
    let n = 0;
    return {
      judge: () => calls.call('judge'),
      checkPicture: () => calls.call('checkPicture'),
      sendCode: () => calls.call('sendCode'),
      checkCode: () => calls.call('checkCode'),
      cancel: () => calls.call('cancel'),
      newRandName: () => `picture${(n += 1)}x`,
      goToLogin: () => logins.push('login'),
    };
  };

  const paths = modelPaths(accountCancelMachine, events, { services: services(new Calls(), []) });
  const chosen = withoutPrefixes([...paths.shortest, ...paths.edges]);
  const tracker = new CoverageTracker(accountCancelMachine);

  it.each(chosen.map((steps, index) => ({ steps, index, events: describeSteps(steps) })))(
    'path $index: $events',
    async ({ steps }) => {
      const logins: string[] = [];
      await drivePath({
        steps,
        testId: 'legal-account-cancel',
        inspect: tracker.inspect,
        renderFlow: (calls, actorOptions) => (
          <CancelFlow services={services(calls, logins)} actorOptions={actorOptions} />
        ),
        user: {
          RETRY: () => click('Try again'),
          REFRESH_PICTURE: () => click('Another picture'),
          SUBMIT_PICTURE: () => fillAndSubmit('Characters in the picture', 'Kp7m', 'Verify'),
          USE_SMS: () => click('Use an SMS code instead'),
          USE_PICTURE: () => click('Use the picture check instead'),
          SEND_CODE: () =>
            screen.queryByTestId('resend') ? fireEvent.click(screen.getByTestId('resend')) : click('Send code'),
          SUBMIT_CODE: () => fillAndSubmit('SMS code', '123456', 'Verify'),
          CONFIRM: () => click('Cancel the account'),
          BACK: () => click('Back'),
        },
        assertState: (state) => {
          if (state === 'refused') expect(screen.getByTestId('cancel-reasons')).toHaveTextContent('1 policy in force');
          if (state === 'failed')
            expect(screen.getByTestId('flow-error')).toHaveTextContent('The request failed; please try again.');
          if (state === 'picture')
            expect(screen.getByTestId('captcha').getAttribute('src')).toMatch(/randName=picture\dx/);
          if (state === 'sms.sent.cooling') expect(screen.getByTestId('resend')).toBeDisabled();
          if (state === 'sms.sent.canResend') expect(screen.getByTestId('resend')).toBeEnabled();
          if (state === 'confirming') expect(screen.getByText('Cancel the corporate account?')).toBeInTheDocument();
          if (state === 'done') {
            expect(
              screen.getByText('The account has been cancelled. You are being taken to the login page.'),
            ).toBeInTheDocument();
            expect(logins).toEqual(['login']);
          } else expect(logins).toEqual([]);
        },
      });
    },
  );

  it('rendered each state and took each transition from the page', () => {
    const coverage = tracker.report(chosen.length, {
      shortest: paths.shortest.length,
      transitions: paths.edges.length,
      journeys: 0,
    });
    printCoverage('LegalAccountCancel page', coverage);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});

describe('every path through the account change page', () => {
  const details = {
    administratorName: '周敏',
    administratorIdNumber: '11010519491231002X',
    administratorPhone: '13700001111',
    email: '',
  };
  const info = {
    companyName: 'c',
    creditCode: 'x',
    creditCodeValid: true,
    administratorName: '周敏',
    administratorIdNumberMasked: '110***********002X',
    administratorPhoneMasked: '137****1111',
    email: null,
    userName: 'corp-hr',
    state: 1,
  };
  const events = [
    { type: 'xstate.done.actor.check', output: { allowed: true, phoneMasked: '138****0418' } },
    {
      type: 'xstate.error.actor.check',
      error: refusal('This account has been cancelled and can no longer be changed.'),
    },
    {
      type: 'xstate.done.actor.sendCode',
      output: { phoneMasked: '138****0418', expiresInSeconds: 300, resendInSeconds: 60 },
    },
    {
      type: 'xstate.error.actor.sendCode',
      error: refusal('A code was sent less than a minute ago; you can ask for a new one in 30 seconds.', {
        resendInSeconds: 30,
      }),
    },
    { type: 'xstate.error.actor.sendCode', error: { kind: 'timeout' } },
    { type: 'xstate.done.actor.checkCode', output: { expiresInSeconds: 600 } },
    { type: 'xstate.error.actor.checkCode', error: refusal('The SMS code is wrong; 4 attempts left.') },
    { type: 'xstate.done.actor.change', output: info },
    {
      type: 'xstate.error.actor.change',
      error: refusal("Verify with the SMS code sent to the administrator's phone first.", { step: 'verify' }),
    },
    { type: 'xstate.error.actor.change', error: refusal('wrong number of digits in the ID number') },
    { type: 'SUBMIT_CODE', code: '123456' },
    { type: 'SUBMIT_DETAILS', details },
  ];
  const services = (calls: Calls): ChangeServices => ({
    check: () => calls.call('check'),
    sendCode: () => calls.call('sendCode'),
    checkCode: () => calls.call('checkCode'),
    change: () => calls.call('change'),
  });

  const paths = modelPaths(accountChangeMachine, events, { services: services(new Calls()) });
  const chosen = withoutPrefixes([...paths.shortest, ...paths.edges]);
  const tracker = new CoverageTracker(accountChangeMachine);

  it.each(chosen.map((steps, index) => ({ steps, index, events: describeSteps(steps) })))(
    'path $index: $events',
    async ({ steps }) => {
      await drivePath({
        steps,
        testId: 'legal-account-change',
        inspect: tracker.inspect,
        renderFlow: (calls, actorOptions) => <ChangeFlow services={services(calls)} actorOptions={actorOptions} />,
        user: {
          RETRY: () => click('Try again'),
          SEND_CODE: () =>
            screen.queryByTestId('resend') ? fireEvent.click(screen.getByTestId('resend')) : click('Send code'),
          SUBMIT_CODE: () => fillAndSubmit('SMS code', '123456', 'Verify'),
          SUBMIT_DETAILS: () => {
            fireEvent.change(screen.getByLabelText("New administrator's name"), {
              target: { value: details.administratorName },
            });
            fireEvent.change(screen.getByLabelText("New administrator's ID number"), {
              target: { value: details.administratorIdNumber },
            });
            fireEvent.change(screen.getByLabelText("New administrator's mobile phone"), {
              target: { value: details.administratorPhone },
            });
            click('Next');
          },
          CONFIRM: () => click('Confirm'),
          EDIT: () => click('Edit'),
        },
        assertState: (state) => {
          if (state === 'failed')
            expect(screen.getByTestId('flow-error')).toHaveTextContent('cancelled and can no longer be changed');
          if (state === 'ready') expect(screen.getByText(/138\*\*\*\*0418/)).toBeInTheDocument();
          if (state === 'codeSent.cooling') expect(screen.getByTestId('resend')).toBeDisabled();
          if (state === 'codeSent.canResend') expect(screen.getByTestId('resend')).toBeEnabled();
          if (state === 'confirming') expect(screen.getByText('11010519491231002X')).toBeInTheDocument();
          if (state === 'done') expect(screen.getByText('The administrator has been changed.')).toBeInTheDocument();
        },
      });
    },
  );

  it('rendered each state and took each transition from the page', () => {
    const coverage = tracker.report(chosen.length, {
      shortest: paths.shortest.length,
      transitions: paths.edges.length,
      journeys: 0,
    });
    printCoverage('LegalAccountChange page', coverage);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
