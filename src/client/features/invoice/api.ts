import { gatewayApi } from '../../api/gatewayApi';
import { downloadQueryFn } from '../../api/download';
import { request } from '../../api/request';
import type { Page } from '../../../contract/envelope';
import type { InvoiceIssued, InvoiceSummary, InvoiceableItem, InvoiceableQuery } from '../../../contract/io/invoice';

/** My invoice: the paid premiums not invoiced yet, issuing, the invoice list and the PDF. */
const invoiceApi = gatewayApi.enhanceEndpoints({ addTagTypes: ['Invoiceable', 'Invoice'] }).injectEndpoints({
  endpoints: (build) => ({
    getInvoiceable: build.query<Page<InvoiceableItem>, InvoiceableQuery>({
      query: (args) => request('blocLegal/electronicInvoice/electronicInvoiceQueryStatus', args),
      providesTags: [{ type: 'Invoiceable', id: 'LIST' }],
    }),
    getInvoices: build.query<Page<InvoiceSummary>, { pageNum: number; pageSize: number }>({
      query: (args) => request('blocLegal/electronicInvoice/electronicInvoiceListQuery', args),
      providesTags: [{ type: 'Invoice', id: 'LIST' }],
    }),
    issueInvoice: build.mutation<InvoiceIssued, { paymentIds: number[]; idempotencyKey: string }>({
      query: ({ paymentIds, idempotencyKey }) =>
        request(
          'blocLegal/electronicInvoice/electronicInvoiceKJ',
          { paymentIds: JSON.stringify(paymentIds), idempotencyKey },
          { silent: true },
        ),
      invalidatesTags: [
        { type: 'Invoiceable', id: 'LIST' },
        { type: 'Invoice', id: 'LIST' },
      ],
    }),
    downloadInvoice: build.mutation<{ filename: string }, { invoiceNo: string }>({
      queryFn: downloadQueryFn('blocLegal/electronicInvoice/electronicInvoiceDownLoad'),
    }),
  }),
});

export const { useGetInvoiceableQuery, useGetInvoicesQuery, useIssueInvoiceMutation, useDownloadInvoiceMutation } =
  invoiceApi;
