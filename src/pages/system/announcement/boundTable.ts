// A table bound to an array variable, for the agreement template editor (DOMAIN §1.8): one block holding a
// header row of the columns' labels and one row of `{{source.field}}` tokens, which renderAgreement repeats
// once per row of the agreement's values. An atom (edited through the variable panel, not cell by cell), so
// the editor needs no table extension and the saved HTML is exactly what the server renders.
import { mergeAttributes, Node } from '@tiptap/react';

export interface BoundColumn {
  name: string;
  label: string;
}

declare module '@tiptap/react' {
  interface Commands<ReturnType> {
    boundTable: {
      /** Inserts a table bound to `source` with `columns`. */
      insertBoundTable: (source: string, columns: BoundColumn[]) => ReturnType;
    };
  }
}

const TOKEN = /\{\{\s*[\w]+\.([\w]+)\s*\}\}/;

export const BoundTable = Node.create({
  name: 'boundTable',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,

  addAttributes() {
    return {
      source: { default: '' },
      columns: { default: [] as BoundColumn[] },
    };
  },

  parseHTML() {
    return [
      {
        tag: 'table[data-source]',
        getAttrs: (element) => {
          const table = element as HTMLElement;
          const rows = Array.from(table.querySelectorAll('tr'));
          const labels = Array.from(rows[0]?.querySelectorAll('th,td') ?? []).map((cell) =>
            (cell.textContent ?? '').trim(),
          );
          const tokens = Array.from(rows[1]?.querySelectorAll('td,th') ?? []).map(
            (cell) => TOKEN.exec(cell.textContent ?? '')?.[1] ?? '',
          );
          return {
            source: table.getAttribute('data-source') ?? '',
            columns: tokens.map((name, index) => ({ name, label: labels[index] ?? name })),
          };
        },
      },
    ];
  },

  renderHTML({ node, HTMLAttributes }) {
    const source = node.attrs.source as string;
    const columns = node.attrs.columns as BoundColumn[];
    const { source: _source, columns: _columns, ...rest } = HTMLAttributes;
    return [
      'table',
      mergeAttributes(rest, { 'data-source': source, class: 'bound-table' }),
      [
        'tbody',
        {},
        ['tr', {}, ...columns.map((column) => ['th', {}, ['p', {}, column.label]])],
        ['tr', {}, ...columns.map((column) => ['td', {}, ['p', {}, `{{${source}.${column.name}}}`]])],
      ],
    ];
  },

  addCommands() {
    return {
      insertBoundTable:
        (source, columns) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs: { source, columns } }),
    };
  },
});
