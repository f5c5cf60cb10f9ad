// What the business modules' commands share: not-found and duplicate answers, and state transitions that
// stay right when two operators act at once (a conditional UPDATE … WHERE status = the expected one).
import { BusinessError } from '../../http/envelope';
import { violatedUniqueConstraint } from '../../db/errors';

/** The id names no row of the caller's tenant (or of their data scope): the same answer either way. */
export function notFound(what: string): BusinessError {
  return new BusinessError(404, `${what}不存在或无权访问`);
}

/**
 * Runs an insert or update and turns a unique-key violation into a 409 with the message of that key;
 * `messages` maps constraint names to what the user reads.
 */
export async function withUniqueKeys<T>(
  messages: Record<string, string>,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const constraint = violatedUniqueConstraint(error);
    if (constraint && messages[constraint]) throw new BusinessError(409, messages[constraint]);
    throw error;
  }
}

export interface Transition<S extends string> {
  /** The states the action may start from. */
  from: readonly S[];
  to: S;
  /** What the user did, in Chinese: 上架, 审核通过 ... */
  action: string;
}

/** The transition to `to`; a BusinessError naming the action and the current state when there is none. */
export function transitionTo<S extends string>(
  transitions: readonly Transition<S>[],
  labels: Record<S, string>,
  current: S,
  to: S,
): Transition<S> {
  const transition = transitions.find((each) => each.to === to && each.from.includes(current));
  if (transition) return transition;
  const named = transitions.find((each) => each.to === to);
  const action = named ? named.action : `改为${labels[to]}`;
  throw new BusinessError(409, `当前状态为「${labels[current]}」，不能${action}`);
}

/** A conditional update found the row in another state: someone else acted first. */
export function changedMeanwhile(what: string): BusinessError {
  return new BusinessError(409, `${what}已被他人修改，请刷新后重试`);
}
