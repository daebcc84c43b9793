import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Form,
  Input,
  Modal,
  Radio,
  Select,
  Space,
  Upload,
  type UploadFile,
  type UploadProps,
} from 'antd';
import { useState } from 'react';
import type { OpinionKind, UploadedPicture } from '@contract/io/opinion';
import { onUploadProgress } from '@client/api/uploadProgress';
import { PROMISES } from '@common/insurer';
import { portalConfig } from '@client/config';
import { format, type Locale } from '@client/shared/i18n';
import { notify } from '@client/shared/notify';
import { pictureUrl, useGetOpinionTypesQuery, useUpdateOpinionMutation, useUploadPictureMutation } from '../api';
import { typeNames } from '../messages';
import type { OpinionTexts } from './parts';

const MAX_PICTURES = 3;
const MAX_BYTES = 5 * 1024 * 1024;
const TYPES = ['image/jpeg', 'image/png', 'image/webp'];

interface Values {
  kind: OpinionKind;
  typeCode: string;
  title?: string;
  content: string;
  contactPhone?: string;
}

type PictureFile = UploadFile<UploadedPicture>;

/**
 * A new complaint or suggestion: kind, type, text, up to three pictures (antd Upload: chosen or
 * dropped, each uploaded at once with its progress, shown from the gateway once stored).
 */
export function NewOpinionDialog({ m, locale, onClose }: { m: OpinionTexts; locale: Locale; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? 'complaint';
  const types = useGetOpinionTypesQuery();
  const [file, filing] = useUpdateOpinionMutation();
  const [upload] = useUploadPictureMutation();
  const [pictures, setPictures] = useState<PictureFile[]>([]);
  const [error, setError] = useState<string | null>(null);
  const uploaded = pictures.filter((p) => p.status === 'done' && p.response).map((p) => p.response as UploadedPicture);
  const uploading = pictures.some((p) => p.status === 'uploading');

  // Quick feedback here (a file that is not a picture never enters the list); the gateway checks the content itself.
  const beforeUpload: UploadProps['beforeUpload'] = (chosen) => {
    setError(null);
    const problem = !TYPES.includes(chosen.type) ? m.pictureType : chosen.size > MAX_BYTES ? m.pictureTooBig : null;
    if (!problem) return true;
    setError(problem);
    return Upload.LIST_IGNORE;
  };
  // One picture at a time through the call's mutation (the multipart fetch reports how far it has gone).
  const customRequest: UploadProps<UploadedPicture>['customRequest'] = ({
    file: chosen,
    onProgress,
    onSuccess,
    onError,
  }) => {
    const stop = onUploadProgress(({ loaded, total }) => onProgress?.({ percent: Math.round((loaded / total) * 100) }));
    const task = upload({ file: chosen as File });
    task
      .unwrap()
      .then(
        (answer) => onSuccess?.(answer),
        (e: { kind?: string; statusText?: string }) => {
          const reason = e.kind === 'status' && e.statusText ? e.statusText : m.failed;
          setError(reason);
          onError?.(new Error(reason));
        },
      )
      .finally(stop);
    return { abort: () => task.abort() };
  };
  // A stored picture is shown as the gateway serves it.
  const onChange: UploadProps<UploadedPicture>['onChange'] = ({ fileList }) =>
    setPictures(
      fileList.map((f) =>
        f.status === 'done' && f.response
          ? { ...f, url: pictureUrl(portalConfig().gatewayPrefix, f.response.pictureId), thumbUrl: undefined }
          : f,
      ),
    );

  const submit = async (values: Values) => {
    setError(null);
    try {
      const filed = await file({ ...values, pictureIds: uploaded.map((p) => p.pictureId) }).unwrap();
      notify.success(
        format(values.kind === 'suggestion' ? m.filedSuggestion : m.filed, { number: filed.opinionNo, ...PROMISES }),
      );
      onClose();
    } catch {
      // The central handler shows the gateway's sentence.
    }
  };

  return (
    <Modal open title={m.newOpinion} onCancel={onClose} footer={null} destroyOnHidden width={620}>
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 12 }} />}
      <Form<Values> form={form} layout="vertical" initialValues={{ kind: 'complaint' }} onFinish={submit}>
        <Form.Item label={m.kind} name="kind">
          <Radio.Group
            onChange={() => form.setFieldValue('typeCode', undefined)}
            options={[
              { label: m.complaint, value: 'complaint' },
              { label: m.suggestion, value: 'suggestion' },
            ]}
          />
        </Form.Item>
        <Form.Item label={m.type} name="typeCode" rules={[{ required: true, message: m.required }]}>
          <Select
            aria-label={m.type}
            loading={types.isFetching}
            options={(types.data ?? [])
              .filter((t) => t.kind === kind)
              .map((t) => ({ value: t.code, label: typeNames[locale][t.code] ?? t.name }))}
          />
        </Form.Item>
        <Form.Item label={m.titleField} name="title">
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item label={m.content} name="content" rules={[{ required: true, whitespace: true, message: m.required }]}>
          <Input.TextArea rows={5} maxLength={1000} showCount />
        </Form.Item>
        <Form.Item label={m.contactPhone} name="contactPhone">
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item label={m.pictures}>
          <div data-testid="picture-upload">
            <Upload<UploadedPicture>
              accept={TYPES.join(',')}
              listType="picture-card"
              fileList={pictures}
              maxCount={MAX_PICTURES}
              beforeUpload={beforeUpload}
              customRequest={customRequest}
              onChange={onChange}
              // No local thumbnail (a canvas copy of the file): the stored picture is shown from the gateway.
              previewFile={() => Promise.resolve('')}
              showUploadList={{ showPreviewIcon: false, removeIcon: <DeleteOutlined aria-label={m.removePicture} /> }}
              itemRender={(node, f) => (
                <div data-testid={f.status === 'done' ? 'uploaded-picture' : 'picture-item'} style={{ height: '100%' }}>
                  {node}
                </div>
              )}
            >
              {pictures.length >= MAX_PICTURES ? null : (
                <button type="button" className="mc-upload-tile" aria-label={m.addPicture}>
                  <PlusOutlined />
                  <div>{m.addPicture}</div>
                </button>
              )}
            </Upload>
          </div>
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={filing.isLoading} disabled={uploading}>
            {m.submit}
          </Button>
          <Button onClick={onClose}>{m.cancel}</Button>
        </Space>
      </Form>
    </Modal>
  );
}
