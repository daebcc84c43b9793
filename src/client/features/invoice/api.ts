import { gatewayEndpoints } from '@client/api/endpoints';
import { gatewayApi } from '@client/api/gatewayApi';

/** My invoice: the paid premiums not invoiced yet, issuing, the invoice list and the PDF. */
const invoiceApi = gatewayApi.enhanceEndpoints({ addTagTypes: ['Invoiceable', 'Invoice'] }).injectEndpoints({
  endpoints: (build) => {
    const call = gatewayEndpoints(build);
    return {
      getInvoiceable: call.query('blocLegal/electronicInvoice/electronicInvoiceQueryStatus', {
        providesTags: [{ type: 'Invoiceable', id: 'LIST' }],
      }),
      getInvoices: call.query('blocLegal/electronicInvoice/electronicInvoiceListQuery', {
        providesTags: [{ type: 'Invoice', id: 'LIST' }],
      }),
      issueInvoice: call.mutation('blocLegal/electronicInvoice/electronicInvoiceKJ', {
        silent: true,
        invalidatesTags: [
          { type: 'Invoiceable', id: 'LIST' },
          { type: 'Invoice', id: 'LIST' },
        ],
      }),
      downloadInvoice: call.download('blocLegal/electronicInvoice/electronicInvoiceDownLoad'),
    };
  },
});

export const { useGetInvoiceableQuery, useGetInvoicesQuery, useIssueInvoiceMutation, useDownloadInvoiceMutation } =
  invoiceApi;
