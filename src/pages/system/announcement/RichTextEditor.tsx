// The rich-text body editor (tiptap, loaded with the form only): headings, emphasis, lists, quotes; its HTML
// is cleaned by the server on save. A form control: `value` in, `onChange` with the HTML out. Given
// `variables` (the agreement templates), a variable panel beside the text inserts a `{{name}}` token at the
// cursor, or for a table variable a table bound to it (boundTable.ts) whose row repeats per value row.
import { Button, Divider, Space, Tag, Tooltip, Typography } from 'antd';
import {
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import type { ReactNode } from 'react';
import type { TemplateVariable } from '../../../../common/agreements';
import { BoundTable } from './boundTable';

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  /** The variables the text may use: shows the variable panel. */
  variables?: TemplateVariable[];
}

interface Tool {
  label: string;
  icon: ReactNode;
  active?: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
}

const TOOLS: Tool[][] = [
  [
    {
      label: '标题',
      icon: 'H2',
      active: (e) => e.isActive('heading', { level: 2 }),
      run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
    },
    {
      label: '小标题',
      icon: 'H3',
      active: (e) => e.isActive('heading', { level: 3 }),
      run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
    },
  ],
  [
    {
      label: '加粗',
      icon: <BoldOutlined />,
      active: (e) => e.isActive('bold'),
      run: (e) => e.chain().focus().toggleBold().run(),
    },
    {
      label: '斜体',
      icon: <ItalicOutlined />,
      active: (e) => e.isActive('italic'),
      run: (e) => e.chain().focus().toggleItalic().run(),
    },
    {
      label: '下划线',
      icon: <UnderlineOutlined />,
      active: (e) => e.isActive('underline'),
      run: (e) => e.chain().focus().toggleUnderline().run(),
    },
    {
      label: '删除线',
      icon: <StrikethroughOutlined />,
      active: (e) => e.isActive('strike'),
      run: (e) => e.chain().focus().toggleStrike().run(),
    },
  ],
  [
    {
      label: '无序列表',
      icon: <UnorderedListOutlined />,
      active: (e) => e.isActive('bulletList'),
      run: (e) => e.chain().focus().toggleBulletList().run(),
    },
    {
      label: '有序列表',
      icon: <OrderedListOutlined />,
      active: (e) => e.isActive('orderedList'),
      run: (e) => e.chain().focus().toggleOrderedList().run(),
    },
    {
      label: '引用',
      icon: '“',
      active: (e) => e.isActive('blockquote'),
      run: (e) => e.chain().focus().toggleBlockquote().run(),
    },
  ],
  [
    { label: '撤销', icon: <UndoOutlined />, run: (e) => e.chain().focus().undo().run() },
    { label: '重做', icon: <RedoOutlined />, run: (e) => e.chain().focus().redo().run() },
  ],
];

/** Inserts a variable at the cursor: its token, or a table bound to it. */
function insertVariable(editor: Editor, variable: TemplateVariable) {
  if (variable.type === 'array')
    editor
      .chain()
      .focus()
      .insertBoundTable(variable.name, variable.fields ?? [])
      .run();
  else editor.chain().focus().insertContent(`{{${variable.name}}}`).run();
}

function VariablePanel({ editor, variables }: { editor: Editor | null; variables: TemplateVariable[] }) {
  return (
    <div className="rich-text-variables" aria-label="变量">
      <Typography.Text type="secondary">点击插入变量</Typography.Text>
      <Space orientation="vertical" size={4} style={{ width: '100%', marginTop: 8 }}>
        {variables.map((variable) => (
          <Tooltip
            key={variable.name}
            title={variable.type === 'array' ? '插入按此数据逐行填充的表格' : `插入 {{${variable.name}}}`}
            placement="left"
          >
            <Tag
              role="button"
              tabIndex={0}
              color={variable.type === 'array' ? 'purple' : 'blue'}
              style={{ cursor: 'pointer', width: '100%' }}
              onClick={() => editor && insertVariable(editor, variable)}
              onKeyDown={(event) => {
                if (editor && (event.key === 'Enter' || event.key === ' ')) insertVariable(editor, variable);
              }}
            >
              {variable.type === 'array' ? '表格：' : ''}
              {variable.label}
            </Tag>
          </Tooltip>
        ))}
      </Space>
    </div>
  );
}

export default function RichTextEditor({ value, onChange, variables }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: variables
      ? [StarterKit.configure({ link: false }), BoundTable]
      : [StarterKit.configure({ link: false })],
    content: value ?? '',
    shouldRerenderOnTransaction: true,
    onUpdate: ({ editor: current }) => onChange?.(current.isEmpty ? '' : current.getHTML()),
  });
  return (
    <div className="rich-text-editor">
      <Space size={2} wrap className="rich-text-toolbar" separator={<Divider orientation="vertical" />}>
        {TOOLS.map((group) => (
          <Space size={2} key={group[0].label}>
            {group.map((tool) => (
              <Tooltip title={tool.label} key={tool.label}>
                <Button
                  size="small"
                  type={editor && tool.active?.(editor) ? 'primary' : 'text'}
                  aria-label={tool.label}
                  icon={tool.icon}
                  disabled={!editor}
                  onClick={() => editor && tool.run(editor)}
                />
              </Tooltip>
            ))}
          </Space>
        ))}
      </Space>
      {variables ? (
        <div className="rich-text-with-variables">
          <EditorContent editor={editor} className="rich-text-content" />
          <VariablePanel editor={editor} variables={variables} />
        </div>
      ) : (
        <EditorContent editor={editor} className="rich-text-content" />
      )}
    </div>
  );
}
