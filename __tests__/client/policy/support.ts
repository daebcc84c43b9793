/**
 * The gateway of a page test runs inside jsdom, where 'pdfkit' resolves to its browser build (and
 * even its Node build sees a `document` and misplaces itself): load the Node build with Node's own
 * loader, outside jsdom's globals, so that documents are really written.
 */
jest.mock('pdfkit', () =>
  require('node:module')._load(
    require('node:path').join(process.cwd(), 'node_modules/pdfkit/js/pdfkit.js'),
    null,
    false,
  ),
);

/** Lets a download's Node Blob (this environment's fetch is Node's) count as a Blob, and records what was saved. */
export function captureDownloads(): { saved: string[]; restore: () => void } {
  const saved: string[] = [];
  const jsdomBlob = globalThis.Blob;
  const create = URL.createObjectURL;
  const revoke = URL.revokeObjectURL;
  globalThis.Blob = require('node:buffer').Blob;
  URL.createObjectURL = () => 'blob:test';
  URL.revokeObjectURL = () => undefined;
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return {
    saved,
    restore: () => {
      click.mockRestore();
      globalThis.Blob = jsdomBlob;
      URL.createObjectURL = create ?? (() => 'blob:test');
      // saveFile revokes its URL 10 s later, possibly after this test: jsdom has no revokeObjectURL.
      URL.revokeObjectURL = revoke ?? (() => undefined);
    },
  };
}

/** The data rows of an antd table (not the header, not the empty placeholder). */
export function rows(table: HTMLElement): HTMLElement[] {
  return Array.from(table.querySelectorAll('tbody tr')).filter(
    (r) =>
      r.querySelector('td') &&
      !r.classList.contains('ant-table-placeholder') &&
      !r.classList.contains('ant-table-measure-row'),
  ) as HTMLElement[];
}
