// 小程序发布 (docs/wxplatform-api.md): the tenant's mini-programs authorised to the WeChat third-party platform
// and their versions' release flow.
import type {
  MiniAuthStatus,
  MiniCommitInput,
  MiniProgramKind,
  MiniVersionStatus,
} from '../../common/wxplatform';
import { getAction, postAction } from './http';

export interface MiniVersion {
  id: string;
  programId: string;
  templateId: string;
  userVersion: string;
  userDesc: string;
  status: MiniVersionStatus;
  status_dictText: string;
  auditId: string | null;
  auditReason: string | null;
  createdAt: string;
  submittedAt: string | null;
  auditedAt: string | null;
  releasedAt: string | null;
  actions: { submit: boolean; refresh: boolean; release: boolean; rollback: boolean };
}

export interface MiniProgram {
  kind: MiniProgramKind;
  kind_dictText: string;
  /** Null until the mini-program is authorised. */
  id: string | null;
  appId: string | null;
  status: MiniAuthStatus | null;
  status_dictText: string;
  authorizedAt: string | null;
  versions: MiniVersion[];
}

export type MiniVersionCommand = 'submit' | 'refreshAudit' | 'release' | 'rollback';

export const listMiniPrograms = () => getAction<MiniProgram[]>('/wxplatform/list');
export const authorizationUrl = (redirectUri: string) =>
  postAction<{ url: string }>('/wxplatform/authorize/url', { redirectUri });
export const completeAuthorization = (kind: MiniProgramKind, authCode: string) =>
  postAction<{ id: string; appId: string }>('/wxplatform/authorize/complete', { kind, authCode });
export const commitMiniVersion = (body: MiniCommitInput) =>
  postAction<{ id: string }>('/wxplatform/version/commit', body);
export const moveMiniVersion = (command: MiniVersionCommand, id: string) =>
  postAction<{ id: string; status: MiniVersionStatus }>(`/wxplatform/version/${command}`, { id });
