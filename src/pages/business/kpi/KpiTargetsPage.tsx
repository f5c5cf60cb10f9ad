// 目标设置 (DOMAIN §1.13): a grid of subjects × months for one year, indicator and kind of subject. Cells are
// typed or pasted from Excel (tab-separated rows, filled from the focused cell), saved, and published; a
// locked month (published and its period begun) changes only by a request through 审批中心. A department's
// target is split top-down evenly or by last year's share; the grid goes to and comes from Excel.
import { useCallback, useEffect, useMemo, useState, type ClipboardEvent } from 'react';
import {
  Alert,
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Radio,
  Segmented,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  Upload,
} from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import {
  KPI_INDICATORS,
  KPI_SUBJECT_TYPE,
  KPI_TARGET_STATUS,
  gridPeriodsOf,
  monthsOf,
  type KpiIndicatorCode,
  type KpiSubjectType,
  type KpiTargetCell,
  type KpiTargetGridRow,
} from '../../../../common/kpi';
import {
  exportTargets,
  importTargets,
  publishTargets,
  requestTargetChange,
  saveTargets,
  splitTarget,
  targetGrid,
  targetTemplate,
  type GridQuery,
} from '../../../api/kpi';
import { useHasPermission } from '../../../components/HasPermission';
import { toast } from '../../../utils/notifier';

/** Parses what Excel puts on the clipboard: rows by line, cells by tab; blanks are empty cells. */
export function parseClipboardGrid(text: string): Array<Array<number | null>> {
  const lines = text.replace(/\r/g, '').split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines.map((line) =>
    line.split('\t').map((cell) => {
      const clean = cell.replace(/[,\s¥]/g, '');
      if (clean === '') return null;
      const value = Number(clean);
      return Number.isFinite(value) && value >= 0 ? value : null;
    }),
  );
}

const STATUS_COLOUR = { DRAFT: 'default', PUBLISHED: 'blue', LOCKED: 'gold' } as const;
const SPLITTABLE = KPI_INDICATORS.filter(
  (indicator) => indicator.aggregation !== 'RATE' && indicator.aggregation !== 'AVG',
);

interface ChangeTarget {
  row: KpiTargetGridRow;
  period: string;
}

export default function KpiTargetsPage() {
  const thisYear = dayjs().year();
  const [query, setQuery] = useState<GridQuery>({
    year: thisYear,
    indicatorCode: 'SALES_AMOUNT',
    subjectType: 'ORG',
  });
  const [rows, setRows] = useState<KpiTargetGridRow[]>([]);
  const [edits, setEdits] = useState<Map<string, number | null>>(new Map());
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [splitOpen, setSplitOpen] = useState(false);
  const [change, setChange] = useState<ChangeTarget | null>(null);
  const [splitForm] = Form.useForm();
  const [changeForm] = Form.useForm();
  const canEdit = useHasPermission('kpi:edit');
  const canPublish = useHasPermission('kpi:publish');
  const months = useMemo(() => monthsOf(query.year), [query.year]);
  const periods = useMemo(() => gridPeriodsOf(query.year), [query.year]);

  const load = useCallback(async () => {
    setLoading(true);
    const answer = await targetGrid(query);
    setLoading(false);
    if (!answer.success) {
      setError(answer.message);
      return;
    }
    setError(null);
    setRows(answer.result.rows);
    setEdits(new Map());
  }, [query]);

  useEffect(() => {
    void load();
  }, [load]);

  const key = (subjectId: string, period: string) => `${subjectId}\u0000${period}`;
  const valueAt = (row: KpiTargetGridRow, period: string) => {
    const edited = edits.get(key(row.subjectId, period));
    if (edited !== undefined) return edited;
    return period === String(query.year) ? row.year : (row.months[period] ?? null);
  };
  const locked = (row: KpiTargetGridRow, period: string) => row.lockedMonths.includes(period);

  const edit = (changes: Array<[string, string, number | null]>) =>
    setEdits((previous) => {
      const next = new Map(previous);
      for (const [subjectId, period, value] of changes) next.set(key(subjectId, period), value);
      return next;
    });

  /** Pasting a block from Excel fills the grid from the focused cell rightwards and downwards. */
  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const cell = target.closest<HTMLElement>('[data-cell]');
    if (!cell || !canEdit) return;
    const text = event.clipboardData.getData('text/plain');
    if (!text.includes('\t') && !text.includes('\n')) return;
    event.preventDefault();
    const startRow = Number(cell.dataset.row);
    const startCol = Number(cell.dataset.col);
    const changes: Array<[string, string, number | null]> = [];
    let skipped = 0;
    parseClipboardGrid(text).forEach((values, r) => {
      const row = rows[startRow + r];
      if (!row) return;
      values.forEach((value, c) => {
        const period = periods[startCol + c];
        if (!period) return;
        if (locked(row, period)) skipped += 1;
        else changes.push([row.subjectId, period, value]);
      });
    });
    edit(changes);
    toast(
      skipped > 0 ? 'warning' : 'success',
      `已粘贴 ${changes.length} 个单元格${skipped > 0 ? `，${skipped} 个已锁定的未改动` : ''}`,
    );
  };

  const cells = (): KpiTargetCell[] =>
    [...edits.entries()].map(([cellKey, value]) => {
      const [subjectId, period] = cellKey.split('\u0000');
      return { subjectId, period, value };
    });

  const save = async () => {
    const changed = cells();
    if (changed.length === 0) {
      toast('info', '没有修改');
      return;
    }
    const answer = await saveTargets(query, changed);
    toast(
      answer.success ? 'success' : 'error',
      answer.success ? `已保存 ${answer.result.changed} 项` : answer.message,
    );
    if (answer.success) await load();
  };

  const publish = async () => {
    const answer = await publishTargets(query);
    toast(answer.success ? 'success' : 'error', answer.message);
    if (answer.success) await load();
  };

  const split = async () => {
    const values = await splitForm.validateFields();
    const answer = await splitTarget({ ...values, indicatorCode: query.indicatorCode });
    toast(
      answer.success ? 'success' : 'error',
      answer.success ? `已拆分给 ${answer.result.children.length} 个对象` : answer.message,
    );
    if (answer.success) {
      setSplitOpen(false);
      await load();
    }
  };

  const submitChange = async () => {
    if (!change) return;
    const values = await changeForm.validateFields();
    const answer = await requestTargetChange({
      subjectType: change.row.subjectType,
      subjectId: change.row.subjectId,
      period: change.period,
      indicatorCode: query.indicatorCode,
      newValue: values.newValue,
      reason: values.reason,
    });
    toast(answer.success ? 'success' : 'error', answer.message);
    if (answer.success) setChange(null);
  };

  const columns: TableColumnsType<KpiTargetGridRow> = [
    { title: '名称', dataIndex: 'subjectName', fixed: 'left', width: 140, ellipsis: true },
    ...periods.map((period, col) => ({
      title:
        period === String(query.year)
          ? '全年'
          : period.includes('Q')
            ? period.slice(5)
            : `${Number(period.slice(5))}月`,
      key: period,
      width: 110,
      render: (_: unknown, row: KpiTargetGridRow, index: number) =>
        locked(row, period) ? (
          <Tooltip title="已锁定：点击申请变更（审批中心）">
            <Button
              type="link"
              size="small"
              disabled={!canEdit}
              onClick={() => {
                changeForm.setFieldsValue({ newValue: valueAt(row, period), reason: '' });
                setChange({ row, period });
              }}
            >
              {valueAt(row, period)?.toLocaleString('zh-CN') ?? '—'} 🔒
            </Button>
          </Tooltip>
        ) : (
          <div data-cell data-row={index} data-col={col}>
            <InputNumber
              size="small"
              min={0}
              controls={false}
              disabled={!canEdit}
              aria-label={`${row.subjectName} ${period}`}
              value={valueAt(row, period)}
              onChange={(value) => edit([[row.subjectId, period, value === null ? null : Number(value)]])}
              style={{ width: '100%' }}
            />
          </div>
        ),
    })),
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      fixed: 'right',
      render: (status: KpiTargetGridRow['status']) =>
        status ? <Tag color={STATUS_COLOUR[status]}>{KPI_TARGET_STATUS[status]}</Tag> : <Tag>未设置</Tag>,
    },
  ];

  const orgOptions = query.subjectType === 'ORG' ? rows : [];

  return (
    <div>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          aria-label="年度"
          value={query.year}
          style={{ width: 100 }}
          options={[thisYear - 1, thisYear, thisYear + 1].map((year) => ({
            label: `${year}年`,
            value: year,
          }))}
          onChange={(year) => setQuery({ ...query, year })}
        />
        <Select
          aria-label="指标"
          value={query.indicatorCode}
          style={{ width: 150 }}
          options={KPI_INDICATORS.map((indicator) => ({ label: indicator.name, value: indicator.code }))}
          onChange={(indicatorCode: KpiIndicatorCode) => setQuery({ ...query, indicatorCode })}
        />
        <Segmented
          value={query.subjectType}
          options={Object.entries(KPI_SUBJECT_TYPE).map(([value, label]) => ({ value, label }))}
          onChange={(subjectType) => setQuery({ ...query, subjectType: subjectType as KpiSubjectType })}
        />
        {canEdit && (
          <Button type="primary" onClick={() => void save()} disabled={edits.size === 0}>
            保存{edits.size > 0 ? `（${edits.size}）` : ''}
          </Button>
        )}
        {canPublish && (
          <Popconfirm
            title="下达后目标在期间开始时锁定，之后的修改需审批。确定下达？"
            onConfirm={() => void publish()}
          >
            <Button>下达</Button>
          </Popconfirm>
        )}
        {canEdit && SPLITTABLE.some((indicator) => indicator.code === query.indicatorCode) && (
          <Button onClick={() => setSplitOpen(true)}>拆分目标</Button>
        )}
        <Button onClick={() => void exportTargets(query)}>导出</Button>
        {canEdit && (
          <>
            <Upload
              accept=".xlsx"
              showUploadList={false}
              customRequest={async ({ file }) => {
                const answer = await importTargets(query, file as File);
                toast(answer.success ? 'success' : 'error', answer.message);
                if (answer.success) await load();
              }}
            >
              <Button>导入</Button>
            </Upload>
            <Button type="link" onClick={() => void targetTemplate(query)}>
              下载模板
            </Button>
          </>
        )}
      </Space>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title="可从 Excel 复制一块数据，点中起始单元格后粘贴（Ctrl+V）；保存后点「下达」。已锁定的月份请点击数值申请变更。"
      />
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <div onPaste={onPaste}>
        <Table<KpiTargetGridRow>
          rowKey="subjectId"
          size="small"
          loading={loading}
          columns={columns}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 2100, y: 560 }}
          locale={{ emptyText: '您的数据范围内没有考核对象' }}
        />
      </div>
      <Modal
        title="拆分目标"
        open={splitOpen}
        onOk={() => void split()}
        onCancel={() => setSplitOpen(false)}
        okText="拆分"
        destroyOnHidden
      >
        <Form
          form={splitForm}
          layout="vertical"
          initialValues={{ method: 'EVEN', childType: 'ORG', period: months[dayjs().month()] }}
        >
          <Form.Item
            name="orgCode"
            label="上级部门（已有目标）"
            rules={[{ required: true, message: '请选择部门!' }]}
          >
            <Select
              options={(orgOptions.length > 0 ? orgOptions : rows).map((row) => ({
                label: row.subjectName,
                value: row.orgCode,
              }))}
              placeholder="请选择部门"
            />
          </Form.Item>
          <Form.Item name="period" label="期间" rules={[{ required: true, message: '请选择期间!' }]}>
            <Select options={periods.map((period) => ({ label: period, value: period }))} />
          </Form.Item>
          <Form.Item name="childType" label="拆分给">
            <Radio.Group
              options={[
                { label: '下级部门', value: 'ORG' },
                { label: '部门人员', value: 'EMPLOYEE' },
                { label: '部门经销商', value: 'DEALER' },
              ]}
            />
          </Form.Item>
          <Form.Item name="method" label="拆分方式">
            <Radio.Group
              options={[
                { label: '平均', value: 'EVEN' },
                { label: '按去年同期占比', value: 'LAST_YEAR' },
              ]}
            />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        title="申请变更目标"
        open={change !== null}
        onOk={() => void submitChange()}
        onCancel={() => setChange(null)}
        okText="提交审批"
        destroyOnHidden
      >
        {change && (
          <p>
            {change.row.subjectName} {change.period}：当前目标 {valueAt(change.row, change.period) ?? '—'}
          </p>
        )}
        <Form form={changeForm} layout="vertical">
          <Form.Item name="newValue" label="新目标" rules={[{ required: true, message: '请输入新目标!' }]}>
            <InputNumber min={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="reason"
            label="变更原因"
            rules={[{ required: true, whitespace: true, message: '请填写变更原因!' }]}
          >
            <Input.TextArea maxLength={256} rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
