// The push socket's frames (API.md Part A "Push", §5), shared by the server hub and the SPA's socket saga.

/** The socket's path; the user id follows: `/websocket/<userId>`. */
export const PUSH_SOCKET_PATH = '/websocket';

import type { JobProgress } from './jobs';

/**
 * `topic`: a broadcast to the whole tenant; `user`: to chosen users; `heartcheck`: the answer to a heartbeat;
 * `job`: a background job's progress, to its owner.
 */
export type PushCommand = 'topic' | 'user' | 'heartcheck' | 'job';

export interface PushFrame {
  cmd: PushCommand;
  /** The announcement's id (absent on heartcheck). */
  msgId?: string;
  /** The announcement's title, or the heartbeat answer. */
  msgTxt: string;
  /** 'approval': a new approval task (msgId is its instance); absent: an announcement. */
  kind?: 'approval';
  /** cmd `job`: where the job stands. */
  job?: JobProgress;
}

/** The text a client may send to learn that its socket is alive. */
export const HEARTBEAT_TEXT = 'HeartBeat';
export const HEARTBEAT_ANSWER: PushFrame = { cmd: 'heartcheck', msgTxt: '心跳响应' };

/** Close code when the socket's user and the token's user differ or the token is not valid. */
export const PUSH_REFUSED_STATUS = 401;
