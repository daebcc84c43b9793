import { Alert, Button, Form, Input, Modal, Radio, Select, Space } from 'antd';
import { useRef, useState } from 'react';
import type { OpinionKind, UploadedPicture } from '../../../../contract/io/opinion';
import { portalConfig } from '../../../config';
import { format, type Locale } from '../../../shared/i18n';
import { notify } from '../../../shared/notify';
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

/** A new complaint or suggestion: kind, type, text, up to three pictures uploaded one by one. */
export function NewOpinionDialog({ m, locale, onClose }: { m: OpinionTexts; locale: Locale; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? 'complaint';
  const types = useGetOpinionTypesQuery();
  const [upload, uploading] = useUploadPictureMutation();
  const [file, filing] = useUpdateOpinionMutation();
  const [pictures, setPictures] = useState<UploadedPicture[]>([]);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    setError(null);
    // Quick feedback here; the gateway checks the content itself.
    if (!TYPES.includes(chosen.type)) return setError(m.pictureType);
    if (chosen.size > MAX_BYTES) return setError(m.pictureTooBig);
    try {
      const uploaded = await upload({ file: chosen }).unwrap();
      setPictures((list) => [...list, uploaded].slice(0, MAX_PICTURES));
    } catch (e) {
      const err = e as { kind?: string; statusText?: string };
      setError(err.kind === 'status' && err.statusText ? err.statusText : m.failed);
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const submit = async (values: Values) => {
    setError(null);
    try {
      const filed = await file({ ...values, pictureIds: pictures.map((p) => p.pictureId) }).unwrap();
      notify.success(format(m.filed, { number: filed.opinionNo }));
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
          <Space wrap>
            {pictures.map((p) => (
              <Space key={p.pictureId} orientation="vertical" size={2} data-testid="uploaded-picture">
                <img
                  src={pictureUrl(portalConfig().gatewayPrefix, p.pictureId)}
                  alt=""
                  width={80}
                  height={80}
                  style={{ objectFit: 'cover' }}
                />
                <Button
                  size="small"
                  type="link"
                  onClick={() => setPictures((list) => list.filter((x) => x.pictureId !== p.pictureId))}
                >
                  {m.removePicture}
                </Button>
              </Space>
            ))}
            {pictures.length < MAX_PICTURES && (
              <Button loading={uploading.isLoading} onClick={() => input.current?.click()}>
                {m.addPicture}
              </Button>
            )}
          </Space>
          {/* Outside the list so that adding a picture never replaces the element. */}
          <input
            ref={input}
            type="file"
            accept={TYPES.join(',')}
            hidden
            data-testid="picture-input"
            onChange={(e) => void choose(e.target.files?.[0])}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={filing.isLoading}>
            {m.submit}
          </Button>
          <Button onClick={onClose}>{m.cancel}</Button>
        </Space>
      </Form>
    </Modal>
  );
}
