import { createPdf, pdfBuffer } from '@server/services/documents/pdf';

// The gateway runs inside the portal's jsdom tests: its PDF writer must work there too.
it('writes a PDF with Chinese text inside the jsdom environment', async () => {
  const doc = await createPdf({ title: 'Probe' });
  doc.text('电子保单 PL0001');
  const buffer = await pdfBuffer(doc);
  expect(buffer.subarray(0, 5).toString()).toBe('%PDF-');
  expect(buffer.length).toBeGreaterThan(1000);
});
