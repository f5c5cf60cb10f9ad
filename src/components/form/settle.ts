// How a page reports the outcome of a command: the server's message as a toast, success or warning.
// Transport failures (403, 500, timeouts) were already shown by the HTTP error saga, so they only
// count as "not done" here.
import type { Envelope } from '../../../common/contract';
import { toast } from '../../utils/notifier';

const DONE = '操作成功';

/** Waits for the call, shows its message, and answers whether it succeeded. */
export async function settle(call: Promise<Envelope<unknown>>, doneText?: string): Promise<boolean> {
  let answer: Envelope<unknown>;
  try {
    answer = await call;
  } catch {
    return false;
  }
  if (answer.success) toast('success', doneText ?? (answer.message || DONE));
  else toast('warning', answer.message || '操作失败');
  return answer.success;
}
