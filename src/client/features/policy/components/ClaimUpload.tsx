import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Upload, type UploadFile, type UploadProps } from 'antd';
import { useSelector } from 'react-redux';
import { CLAIM_FILE_MAX_BYTES, type ClaimFilePurpose } from '@contract/io/policy.codes';
import type { UploadedClaimFile } from '@contract/io/policy';
import type { GatewayError } from '@client/api/errors';
import { uploadWithProgress } from '@client/api/uploadProgress';
import { format, useMessages, type Locale } from '@client/shared/i18n';
import { notify } from '@client/shared/notify';
import { claimMessages } from '../claimMessages';

const PICTURES = ['image/jpeg', 'image/png', 'image/webp'];
const DOCUMENTS = [...PICTURES, 'application/pdf'];

/** A file of a claim as the form keeps it: antd's entry, with the gateway's file id once uploaded. */
export type ClaimUploadFile = UploadFile<UploadedClaimFile>;

/** The files that have been uploaded (their ids), in the order they were chosen. */
export const uploadedIds = (files: ClaimUploadFile[]) =>
  files.filter((f) => f.status === 'done' && f.response).map((f) => (f.response as UploadedClaimFile).fileId);
export const stillUploading = (files: ClaimUploadFile[]) => files.some((f) => f.status === 'uploading');

/**
 * Pictures or documents for a claim, uploaded as they are chosen with their progress shown (antd
 * Upload): the type and size are checked here first, and by content at the gateway.
 */
export function ClaimUpload({
  purpose,
  files,
  onChange,
  max,
  label,
  testId,
}: {
  purpose: ClaimFilePurpose;
  files: ClaimUploadFile[];
  onChange(files: ClaimUploadFile[]): void;
  max: number;
  label?: string;
  testId?: string;
}) {
  const m = useMessages(claimMessages);
  const locale = useSelector((s: { ui: { locale: Locale } }) => s.ui.locale);
  const allowed = purpose === 'picture' ? PICTURES : DOCUMENTS;

  // What cannot be sent is said at once and never enters the list (the gateway checks the content too).
  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = !allowed.includes(file.type)
      ? format(purpose === 'picture' ? m.notAPicture : m.notAllowed, { name: file.name })
      : file.size > CLAIM_FILE_MAX_BYTES
        ? format(m.tooLarge, { name: file.name })
        : null;
    if (!problem) return true;
    notify.error(problem);
    return Upload.LIST_IGNORE;
  };

  const customRequest: UploadProps<UploadedClaimFile>['customRequest'] = ({ file, onProgress, onSuccess, onError }) => {
    const blob = file as File;
    const upload = uploadWithProgress('blocLegal/claim/uploadClaimFile', { purpose }, blob, {
      locale,
      fileName: blob.name,
      onProgress: (percent) => onProgress?.({ percent }),
    });
    upload.done.then(
      (answer) => onSuccess?.(answer),
      (error: GatewayError) => {
        const reason = error.kind === 'status' ? error.statusText : m.uploadNetwork;
        onError?.(new Error(format(m.uploadFailed, { name: blob.name, reason })));
      },
    );
    return { abort: upload.abort };
  };

  return (
    <Upload<UploadedClaimFile>
      data-testid={testId}
      accept={allowed.join(',')}
      listType={purpose === 'picture' ? 'picture-card' : 'text'}
      fileList={files}
      maxCount={max}
      beforeUpload={beforeUpload}
      customRequest={customRequest}
      onChange={({ fileList }) => onChange(fileList)}
    >
      {files.length >= max ? null : purpose === 'picture' ? (
        <button type="button" className="mc-upload-tile" aria-label={label ?? m.addPicture}>
          <PlusOutlined />
          <div>{label ?? m.addPicture}</div>
        </button>
      ) : (
        <Button icon={<UploadOutlined />} aria-label={label ?? m.choose}>
          {m.choose}
        </Button>
      )}
    </Upload>
  );
}
