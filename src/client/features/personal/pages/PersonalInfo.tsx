import { Alert, Button, Card, Descriptions, Form, Input, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { FormDialog } from '@client/shared/FormDialog';
import { useMessages } from '@client/shared/i18n';
import { notify } from '@client/shared/notify';
import { usePersonalInfoQuery, useUpdatePersonalInfoMutation } from '../api';
import { RealNameDialog } from '../components/RealNameDialog';
import { personalMessages } from '../messages';

interface Particulars {
  nickName: string;
  email: string;
  address: string;
}

/** Personal information (/myprofile/personalInfo) with the true-name dialog. */
export default function PersonalInfo() {
  const m = useMessages(personalMessages);
  const { data, isLoading } = usePersonalInfoQuery();
  const [update] = useUpdatePersonalInfoMutation();
  const [verifying, setVerifying] = useState(false);
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<Particulars>();
  if (isLoading || !data) return <Spin />;
  const verified = Boolean(data.realName);

  const save = async (values: Particulars) => {
    // Emptied particulars are cleared by name; the others are sent as they are.
    const email = values.email?.trim() || undefined;
    const address = values.address?.trim() || undefined;
    const clear = [...(email ? [] : ['email' as const]), ...(address ? [] : ['address' as const])];
    await update({ nickName: values.nickName, email, address, clear: clear.length ? clear : undefined }).unwrap();
    notify.success(m.saved);
  };

  return (
    <div className="mc-page" data-testid="personal-info">
      <Typography.Title level={3}>{m.personalInfoTitle}</Typography.Title>
      {data.missingForSenior.includes('realName') && (
        <Alert
          type="warning"
          showIcon
          title={m.warningText}
          action={
            <Button type="primary" size="small" onClick={() => setVerifying(true)}>
              {m.verifyNow}
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      {!data.missingForSenior.includes('realName') && data.missingForSenior.includes('phone') && (
        <Alert type="info" showIcon title={m.missingPhone} style={{ marginBottom: 16 }} />
      )}
      <Card
        extra={
          <Button
            onClick={() => {
              form.setFieldsValue({ nickName: data.nickName, email: data.email ?? '', address: data.address ?? '' });
              setEditing(true);
            }}
          >
            {m.edit}
          </Button>
        }
      >
        <Descriptions column={{ xs: 1, sm: 1, md: 1, lg: 2 }} bordered size="small">
          <Descriptions.Item label={m.userName}>{data.userName}</Descriptions.Item>
          <Descriptions.Item label={m.nickName}>{data.nickName}</Descriptions.Item>
          <Descriptions.Item label={m.realName}>{data.realName ?? <Tag>{m.notVerified}</Tag>}</Descriptions.Item>
          <Descriptions.Item label={m.idNumber}>{data.idNumberMasked ?? <Tag>{m.notVerified}</Tag>}</Descriptions.Item>
          <Descriptions.Item label={m.sex}>
            {data.sex ? (data.sex === 'male' ? m.male : m.female) : '-'}
          </Descriptions.Item>
          <Descriptions.Item label={m.birthdate}>{data.birthdate ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={m.boundPhone}>{data.phoneMasked ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={m.email}>{data.email ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={m.address}>{data.address ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={m.membership}>
            <span data-testid="membership">{data.userAnk === 1 ? m.senior : m.basic}</span>
          </Descriptions.Item>
        </Descriptions>
        {!verified && (
          <Button type="primary" style={{ marginTop: 16 }} onClick={() => setVerifying(true)}>
            {m.verifyNow}
          </Button>
        )}
      </Card>
      <RealNameDialog open={verifying} onClose={() => setVerifying(false)} />
      <FormDialog
        open={editing}
        title={m.edit}
        okText={m.save}
        cancelText={m.cancel}
        form={form}
        onSubmit={save}
        onClose={() => setEditing(false)}
      >
        <Form.Item name="nickName" label={m.nickName} rules={[{ required: true, message: m.required }]}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="email" label={m.email}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="address" label={m.address}>
          <Input maxLength={200} />
        </Form.Item>
      </FormDialog>
    </div>
  );
}
