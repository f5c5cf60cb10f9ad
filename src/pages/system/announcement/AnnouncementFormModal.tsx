// Create or edit an announcement (the 系统公告 editor): title, category, priority, validity, target (everyone
// or chosen users), abstract and the rich-text body. A refused save keeps everything typed.
import { lazy, Suspense, useEffect, useState } from 'react';
import { DatePicker, Form, Input, Modal, Radio, Skeleton } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  ABSTRACT_MAX_LENGTH,
  CATEGORY_LABELS,
  PRIORITY_LABELS,
  TARGET_LABELS,
  splitIds,
  TITLE_MAX_LENGTH,
  type Announcement,
  type AnnouncementInput,
} from '../../../../common/announcements';
import { addAnnouncement, editAnnouncement } from '../../../api/announcements';
import { toast } from '../../../utils/notifier';
import { TargetUserSelect } from './TargetUserSelect';
import type { RichTextEditorProps } from './RichTextEditor';
import './announcement.css';

const RichTextEditor = lazy(() => import(/* webpackChunkName: "rich-text-editor" */ './RichTextEditor'));

/** The editor's chunk loads when the form opens; Form.Item hands its value to this wrapper. */
function LazyEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton active />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';

interface FormValues {
  titile: string;
  msgCategory: AnnouncementInput['msgCategory'];
  priority: AnnouncementInput['priority'];
  period?: [Dayjs | null, Dayjs | null] | null;
  msgType: AnnouncementInput['msgType'];
  userIds?: string[];
  msgAbstract?: string;
  msgContent?: string;
}

const options = <K extends string>(labels: Record<K, string>) =>
  (Object.entries(labels) as Array<[K, string]>).map(([value, label]) => ({ value, label }));

function initialValues(editing: Announcement | null): FormValues {
  if (!editing)
    return { titile: '', msgCategory: '1', priority: 'L', msgType: 'ALL', userIds: [], msgContent: '' };
  return {
    titile: editing.titile,
    msgCategory: editing.msgCategory,
    priority: editing.priority,
    period:
      editing.startTime || editing.endTime
        ? [
            editing.startTime ? dayjs(editing.startTime) : null,
            editing.endTime ? dayjs(editing.endTime) : null,
          ]
        : null,
    msgType: editing.msgType,
    userIds: splitIds(editing.userIds),
    msgAbstract: editing.msgAbstract ?? '',
    msgContent: editing.msgContent,
  };
}

function toInput(values: FormValues): AnnouncementInput {
  const [start, end] = values.period ?? [null, null];
  return {
    titile: values.titile.trim(),
    msgCategory: values.msgCategory,
    priority: values.priority,
    startTime: start ? start.format(DATE_TIME) : null,
    endTime: end ? end.format(DATE_TIME) : null,
    msgType: values.msgType,
    userIds: values.msgType === 'USER' ? `${(values.userIds ?? []).join(',')},` : null,
    msgAbstract: values.msgAbstract?.trim() || null,
    msgContent: values.msgContent ?? '',
  };
}

export interface AnnouncementFormModalProps {
  open: boolean;
  /** The announcement to edit (with its userIds); null to create one. */
  editing: Announcement | null;
  onClose(): void;
  onSaved(): void;
}

export function AnnouncementFormModal({ open, editing, onClose, onSaved }: AnnouncementFormModalProps) {
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const msgType = Form.useWatch('msgType', form);

  useEffect(() => {
    if (open) form.setFieldsValue(initialValues(editing));
  }, [open, editing, form]);

  const save = async () => {
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // The form shows what is missing.
    }
    setSaving(true);
    try {
      const input = toInput(values);
      const answer = editing
        ? await editAnnouncement({ ...input, id: editing.id })
        : await addAnnouncement(input);
      if (!answer.success) {
        toast('warning', answer.message);
        return;
      }
      toast('success', answer.message);
      onSaved();
    } catch {
      // Shown by the HTTP layer; the form keeps what was typed.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? '编辑公告' : '新增公告'}
      width={900}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={save}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form<FormValues> form={form} layout="vertical" initialValues={initialValues(editing)}>
        <Form.Item
          name="titile"
          label="标题"
          rules={[
            { required: true, whitespace: true, message: '请输入标题!' },
            { max: TITLE_MAX_LENGTH, message: `标题不能超过 ${TITLE_MAX_LENGTH} 个字符!` },
          ]}
        >
          <Input placeholder="请输入标题" maxLength={TITLE_MAX_LENGTH} showCount />
        </Form.Item>
        <Form.Item name="msgCategory" label="消息类型" rules={[{ required: true }]}>
          <Radio.Group options={options(CATEGORY_LABELS)} />
        </Form.Item>
        <Form.Item name="priority" label="优先级" rules={[{ required: true }]}>
          <Radio.Group options={options(PRIORITY_LABELS)} />
        </Form.Item>
        <Form.Item
          name="period"
          label="有效期"
          rules={[
            {
              validator: async (_rule, period: FormValues['period']) => {
                const [start, end] = period ?? [null, null];
                if (start && end && end.isBefore(start)) throw new Error('结束时间不能早于开始时间');
              },
            },
          ]}
        >
          <DatePicker.RangePicker
            showTime
            format={DATE_TIME}
            allowEmpty={[true, true]}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item name="msgType" label="通告对象" rules={[{ required: true }]}>
          <Radio.Group options={options(TARGET_LABELS)} />
        </Form.Item>
        {msgType === 'USER' && (
          <Form.Item
            name="userIds"
            label="指定用户"
            rules={[{ required: true, type: 'array', min: 1, message: '请选择指定用户!' }]}
          >
            <TargetUserSelect />
          </Form.Item>
        )}
        <Form.Item
          name="msgAbstract"
          label="摘要"
          rules={[{ max: ABSTRACT_MAX_LENGTH, message: `摘要不能超过 ${ABSTRACT_MAX_LENGTH} 个字符!` }]}
        >
          <Input.TextArea rows={2} maxLength={ABSTRACT_MAX_LENGTH} showCount />
        </Form.Item>
        <Form.Item name="msgContent" label="内容">
          <LazyEditor />
        </Form.Item>
      </Form>
    </Modal>
  );
}
