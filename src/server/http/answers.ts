import type { Readable } from 'node:stream';

/** A document answer (PDF, xlsx, image): sent as the file itself with Content-Disposition. */
export class FileAnswer {
  constructor(
    readonly filename: string,
    readonly contentType: string,
    readonly body: Buffer | Readable,
    readonly inline = false,
    /** What the activity log keeps of a document that is itself a write (an issued certificate). */
    readonly facts: Record<string, unknown> | null = null,
  ) {}
}

export const PDF = 'application/pdf';
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const ZIP = 'application/zip';

/** RFC 6266 / 5987: an ASCII fallback and the UTF-8 name (Chinese file names survive). */
export function contentDisposition(filename: string, inline = false): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** A document a service made (an .xlsx or a PDF), answered as the file itself. */
export function documentAnswer(doc: { filename: string; type: 'xlsx' | 'pdf'; body: Buffer | Readable }): FileAnswer {
  return new FileAnswer(doc.filename, doc.type === 'pdf' ? PDF : XLSX, doc.body);
}
