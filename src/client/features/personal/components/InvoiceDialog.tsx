import { Form, Input, Radio } from 'antd';
import { useState } from 'react';
import { isValidCreditCode } from '@common/creditCode';
import { FormDialog } from '@client/shared/FormDialog';
import { format, useMessages } from '@client/shared/i18n';
import { notify } from '@client/shared/notify';
import { randomKey } from '@client/shared/randomKey';
import { useDownloadInvoiceMutation, useRequestInvoiceMutation } from '../api';
import { personalMessages } from '../messages';
import { refusalText } from './errorText';

interface Values {
  titleKind: 'personal' | 'company';
  companyTitle?: string;
  taxNo?: string;
}

/** The premium an e-invoice is asked for. */
export interface InvoicedPremium {
  paymentId: number;
  paymentNo: string;
}

/**
 * Asks for the e-invoice of a paid premium: in the member's name, or a company's (its name and tax
 * number, checked here as the gateway checks them). One key per opening, so a retry answers the same
 * invoice.
 */
export function InvoiceDialog({ premium, onClose }: { premium: InvoicedPremium | null; onClose: () => void }) {
  const m = useMessages(personalMessages);
  const [form] = Form.useForm<Values>();
  const [requestInvoice] = useRequestInvoiceMutation();
  const [key] = useState(() => randomKey('pinv-'));
  const company = Form.useWatch('titleKind', form) === 'company';

  const submit = async (values: Values) => {
    if (!premium) return;
    const issued = await requestInvoice({
      paymentId: premium.paymentId,
      titleKind: values.titleKind,
      ...(values.titleKind === 'company'
        ? { companyTitle: values.companyTitle?.trim(), taxNo: values.taxNo?.trim().toUpperCase() }
        : {}),
      idempotencyKey: `${key}-${premium.paymentId}`,
    }).unwrap();
    notify.success(format(m.invoiceIssued, { invoiceNo: issued.invoiceNo }));
  };

  return (
    <FormDialog
      open={!!premium}
      title={premium ? format(m.invoiceDialogTitle, { paymentNo: premium.paymentNo }) : ''}
      okText={m.submit}
      cancelText={m.cancel}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      refusal={{ testId: 'invoice-error', text: (e) => refusalText(e) ?? m.empty }}
      fresh
    >
      <Form.Item name="titleKind" label={m.invoiceTitle} initialValue="personal">
        <Radio.Group
          options={[
            { value: 'personal', label: m.invoiceTitlePersonal },
            { value: 'company', label: m.invoiceTitleCompany },
          ]}
        />
      </Form.Item>
      {company && (
        <>
          <Form.Item
            name="companyTitle"
            label={m.invoiceCompanyName}
            rules={[
              { required: true, message: m.required },
              { min: 2, max: 100, message: m.invoiceCompanyNameShort },
            ]}
          >
            <Input maxLength={100} autoComplete="organization" />
          </Form.Item>
          <Form.Item
            name="taxNo"
            label={m.invoiceTaxNo}
            extra={m.invoiceTaxNoHint}
            rules={[
              { required: true, message: m.required },
              {
                validator: (_r, v: string | undefined) =>
                  !v || isValidCreditCode(v) ? Promise.resolve() : Promise.reject(new Error(m.invoiceTaxNoInvalid)),
              },
            ]}
          >
            <Input maxLength={18} autoComplete="off" />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}

/** Saves a member's e-invoice PDF, saying so. */
export function useSaveInvoice() {
  const m = useMessages(personalMessages);
  const [download, state] = useDownloadInvoiceMutation();
  const save = async (invoiceNo: string) => {
    const done = await download({ invoiceNo })
      .unwrap()
      .catch(() => null);
    if (done) notify.success(format(m.invoiceDownloaded, { name: done.filename }));
  };
  return { save, saving: (invoiceNo: string) => state.isLoading && state.originalArgs?.invoiceNo === invoiceNo };
}
