/** A file uploaded with a call, read into memory (the multipart limits bound its size). */
export interface UploadedFile {
  field: string;
  filename: string;
  mimetype: string;
  data: Buffer;
}
