/**
 * The single add by any identity document: the type is chosen first; for a passport the birthdate
 * and sex are asked and required, the passport number's own rule is said on its field, and the person
 * joins the draft with their document.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { correctionMessages } from '@client/features/correction/messages';
import { sharedMessages } from '@client/shared/sharedMessages';
import { renderPortal, startClientGateway, type ClientGateway } from '../support/portal';
import { withViewport } from '../support/viewport';
import { buttonAppears, makePolicy } from './support';

let gw: ClientGateway;
beforeAll(async () => {
  gw = await startClientGateway();
});
afterAll(() => gw.close());
afterEach(() => gw.forget());

const m = correctionMessages['en-US'];
const s = sharedMessages['en-US'];
const flowState = () => screen.getByTestId('correction-flow').getAttribute('data-state');
const waitState = (state: string) => waitFor(() => expect(flowState()).toBe(state));

withViewport(1440);

describe('adding a person by any identity document', () => {
  it('asks birthdate and sex for a passport, says which rule a number breaks, and adds the passport holder', async () => {
    const policy = await makePolicy(gw, { members: 3 });
    await gw.login('corp-hr');
    await renderPortal(`/legal/employeeCorrection?policyNo=${policy.policyNo}`);
    await waitFor(() => expect(screen.getByText(new RegExp(policy.policyNo))).toBeInTheDocument());
    fireEvent.click(await buttonAppears('Start'));
    await waitState('editing.idle');
    const form = screen.getByTestId('person-form');

    // A resident ID card by default: its number carries birthdate and sex, so they are not asked.
    expect(within(form).getByTitle(s.idType_residentId)).toBeInTheDocument();
    expect(within(form).queryByLabelText(m.birthdate)).toBeNull();

    fireEvent.mouseDown(within(form).getByRole('combobox', { name: m.idType }));
    fireEvent.click(await screen.findByTitle(s.idType_passport));
    const birthdate = await within(form).findByLabelText(m.birthdate);
    expect(birthdate).toHaveAttribute('type', 'date');

    fireEvent.change(within(form).getByLabelText(m.name), { target: { value: 'John Smith' } });
    fireEvent.change(within(form).getByLabelText(m.idNumber), { target: { value: 'E12-345' } });
    fireEvent.click(await buttonAppears(m.addPerson));
    expect(await within(form).findByText(m.person_birthdateRequired)).toBeInTheDocument();
    expect(within(form).getByText(m.person_sexRequired)).toBeInTheDocument();

    fireEvent.change(birthdate, { target: { value: '1988-03-04' } });
    fireEvent.click(within(form).getByRole('radio', { name: m.male }));
    fireEvent.click(await buttonAppears(m.addPerson));
    expect(await within(form).findByText(s.idPassport)).toBeInTheDocument();
    expect(flowState()).toBe('editing.idle');

    fireEvent.change(within(form).getByLabelText(m.idNumber), { target: { value: 'e12345678' } });
    fireEvent.click(await buttonAppears(m.addPerson));
    const draft = await screen.findByTestId('draft-items');
    await waitFor(() => expect(within(draft).getByText('John Smith')).toBeInTheDocument());
    await waitState('editing.idle');
    const rows = await gw.app.services.db
      .selectFrom('correction_item')
      .innerJoin('correction', 'correction.id', 'correction_item.correction_id')
      .select(['correction_item.id_type', 'correction_item.id_number', 'correction_item.birthdate'])
      .where('correction.policy_id', '=', policy.policyId)
      .execute();
    expect(rows).toEqual([{ id_type: 'passport', id_number: 'E12345678', birthdate: '1988-03-04' }]);
  });
});
