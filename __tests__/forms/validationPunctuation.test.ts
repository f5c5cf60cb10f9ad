// One punctuation rule for the messages a form shows under a field (issue #15): they end as the spec's own do
// (请输入用户名!, 您的手机号码格式不正确!), with an exclamation mark. Every rule object written in the SPA is
// read from the source; messages named by a constant (the spec's texts in common/messages) are the spec's.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '../..');
const RULE_KEYS = new Set(['required', 'pattern', 'max', 'min', 'len', 'whitespace', 'type', 'validator']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The text a message expression ends with, for each way it can end (both branches of a condition). */
function endings(expression: ts.Expression): string[] {
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression))
    return [expression.text];
  if (ts.isTemplateExpression(expression)) return [expression.templateSpans.at(-1)!.literal.text];
  if (ts.isConditionalExpression(expression))
    return [...endings(expression.whenTrue), ...endings(expression.whenFalse)];
  if (ts.isParenthesizedExpression(expression)) return endings(expression.expression);
  return [];
}

/** Each rule object's message that does not end with an exclamation mark, as `file:line message`. */
function unpunctuated(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node)) {
      const properties = new Map(
        node.properties.flatMap((property) =>
          ts.isPropertyAssignment(property) && ts.isIdentifier(property.name)
            ? [[property.name.text, property.initializer] as const]
            : [],
        ),
      );
      const message = properties.get('message');
      if (message && [...properties.keys()].some((key) => RULE_KEYS.has(key))) {
        for (const text of endings(message)) {
          if (!/[!！]$/.test(text)) {
            const { line } = source.getLineAndCharacterOfPosition(message.getStart());
            found.push(`${path.relative(ROOT, file)}:${line + 1} ${text}`);
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

it('every validation message of a form ends with an exclamation mark, as the spec writes them', () => {
  const files = sourceFiles(path.join(ROOT, 'src'));
  expect(files.length).toBeGreaterThan(100);
  expect(files.flatMap(unpunctuated)).toEqual([]);
});

it('finds a rule whose message breaks the rule, in each form a message takes', () => {
  const sample = path.join(ROOT, '__tests__/forms/fixtures/unpunctuatedRules.tsx');
  expect(unpunctuated(sample).map((found) => found.replace(/^.*:\d+ /, ''))).toEqual([
    '请输入名称',
    '最多32位',
    ' 个字',
    '请选择人员',
  ]);
});
