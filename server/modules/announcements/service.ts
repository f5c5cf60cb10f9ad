// Announcements (API.md §4): the administrator's drafts, release and revoke, and each user's copies. A USER
// announcement gets its copies (sys_announcement_send) when it is saved; an ALL announcement is handed out
// to a user the first time that user looks after its release, so users created later get it too.
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import {
  CATEGORY_LABELS,
  PRIORITY_LABELS,
  READ_FLAG_LABELS,
  SEND_STATUS_LABELS,
  TARGET_LABELS,
  NOTICE_LIST_LIMIT,
  splitIds,
  type Announcement,
  type AnnouncementCategory,
  type AnnouncementInput,
  type AnnouncementPriority,
  type AnnouncementSendRow,
  type AnnouncementSendStatus,
  type AnnouncementTarget,
  type ReadFlag,
  type TargetUser,
  type UserAnnouncementLists,
} from '../../../common/announcements';
import type { Page } from '../../../common/contract';
import type { PushFrame } from '../../../common/push';
import { shanghaiDateTime } from '../../db/dates';
import { newId } from '../../db/ids';
import { cachedAnswer, type TableName } from '../../db/readCache';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { serialiseAnswer, type SerialisedAnswer } from '../../http/serialisedAnswer';
import { containsPattern, likePattern, pageOf } from '../../http/listQuery';
import type { PushTarget } from '../../push';
import { sanitizeContent, sanitizeText } from './sanitize';

export const ANNOUNCEMENT_MESSAGES = {
  notFound: '未找到对应实体',
  added: '添加成功！',
  edited: '修改成功!',
  deleted: '删除成功!',
  badIds: '参数不识别！',
  released: '该系统通知发布成功',
  revoked: '该系统通知撤销成功',
  allRead: '全部已读',
  editReleased: '已发布的公告不能修改，请先撤销',
  alreadyReleased: '该公告已发布',
  revokeUnreleased: '只有已发布的公告可以撤销',
  noTargetUsers: '请选择指定用户',
  unknownUsers: '指定的用户不存在',
  endBeforeStart: '结束时间不能早于开始时间',
  emptyTitle: '标题不能为空',
} as const;

/** Whoever acts: the session's user within its tenant. */
export interface Actor {
  tenantId: string;
  userId: string;
  username: string;
}

type AnnouncementRow = Omit<
  Announcement,
  | 'priority_dictText'
  | 'msgCategory_dictText'
  | 'msgType_dictText'
  | 'sendStatus_dictText'
  | 'delFlag'
  | 'userIds'
>;

type Db = Kysely<DB>;

/** The columns of an announcement as the API names them (alias `a`). */
function announcementColumns(eb: ExpressionBuilder<DB & { a: DB['sys_announcement'] }, 'a'>) {
  return [
    eb.ref('a.id').as('id'),
    eb.ref('a.titile').as('titile'),
    eb.ref('a.msg_content').as('msgContent'),
    eb.ref('a.msg_abstract').as('msgAbstract'),
    shanghaiDateTime<string | null>('a.start_time').as('startTime'),
    shanghaiDateTime<string | null>('a.end_time').as('endTime'),
    eb.ref('a.sender').as('sender'),
    eb.ref('a.priority').as('priority'),
    eb.ref('a.msg_category').as('msgCategory'),
    eb.ref('a.msg_type').as('msgType'),
    eb.ref('a.send_status').as('sendStatus'),
    shanghaiDateTime<string | null>('a.send_time').as('sendTime'),
    shanghaiDateTime<string | null>('a.cancel_time').as('cancelTime'),
    eb.ref('a.create_by').as('createBy'),
    shanghaiDateTime('a.created_at').as('createTime'),
    eb.ref('a.update_by').as('updateBy'),
    shanghaiDateTime('a.updated_at').as('updateTime'),
    eb.ref('a.bus_type').as('busType'),
    eb.ref('a.bus_id').as('busId'),
    eb.ref('a.open_type').as('openType'),
    eb.ref('a.open_page').as('openPage'),
  ] as const;
}

function withLabels(row: AnnouncementRow): Announcement {
  return {
    ...row,
    priority_dictText: PRIORITY_LABELS[row.priority],
    msgCategory_dictText: CATEGORY_LABELS[row.msgCategory],
    msgType_dictText: TARGET_LABELS[row.msgType],
    sendStatus_dictText: SEND_STATUS_LABELS[row.sendStatus],
    delFlag: '0',
  };
}

/** `*x*` contains, `x*` starts with, `*x` ends with (API.md Part A "Lists"), else equal; LIKE signs are literal. */
function textFilter(column: string, value: string): Expression<SqlBool> {
  const escaped = likePattern(value);
  if (!/^\*|\*$/.test(value)) return sql<SqlBool>`${sql.ref(column)} = ${value}`;
  const pattern = escaped.replace(/^\*/, '%').replace(/\*$/, '%');
  return sql<SqlBool>`${sql.ref(column)} ilike ${pattern}`;
}

/** 'YYYY-MM-DD HH:mm:ss' is Asia/Shanghai time (API.md Part A). */
function shanghaiTime(text: string | null | undefined): Date | null {
  return text ? new Date(`${text.replace(' ', 'T')}+08:00`) : null;
}

// ————— The administrator's side —————

export type SortableColumn = 'createTime' | 'sendTime' | 'priority' | 'titile' | 'sendStatus' | 'msgCategory';
export const SORTABLE_COLUMNS: Record<SortableColumn, string> = {
  createTime: 'a.created_at',
  sendTime: 'a.send_time',
  priority: 'a.priority',
  titile: 'a.titile',
  sendStatus: 'a.send_status',
  msgCategory: 'a.msg_category',
};

export interface AnnouncementListQuery {
  pageNo: number;
  pageSize: number;
  column: SortableColumn;
  order: 'asc' | 'desc';
  titile?: string;
  priority?: AnnouncementPriority;
  msgCategory?: AnnouncementCategory;
  msgType?: AnnouncementTarget;
  sendStatus?: AnnouncementSendStatus;
}

function liveAnnouncements(db: Db, tenantId: string) {
  return db
    .selectFrom('sys_announcement as a')
    .where('a.tenant_id', '=', tenantId)
    .where('a.del_flag', '=', 0);
}

export async function listAnnouncements(
  db: Db,
  tenantId: string,
  query: AnnouncementListQuery,
): Promise<Page<Announcement>> {
  let filtered = liveAnnouncements(db, tenantId);
  if (query.titile) filtered = filtered.where(textFilter('a.titile', query.titile));
  if (query.priority) filtered = filtered.where('a.priority', '=', query.priority);
  if (query.msgCategory) filtered = filtered.where('a.msg_category', '=', query.msgCategory);
  if (query.msgType) filtered = filtered.where('a.msg_type', '=', query.msgType);
  if (query.sendStatus) filtered = filtered.where('a.send_status', '=', query.sendStatus);
  const { total } = await filtered
    .select(sql<number>`count(*)::integer`.as('total'))
    .executeTakeFirstOrThrow();
  const rows = await filtered
    .select(announcementColumns)
    .orderBy(sql.ref(SORTABLE_COLUMNS[query.column]), (ob) =>
      (query.order === 'asc' ? ob.asc() : ob.desc()).nullsLast(),
    )
    .orderBy('a.id', 'desc')
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize)
    .execute();
  return pageOf(rows.map(withLabels), total, query);
}

/** An announcement with its chosen users; undefined when the tenant has no such live announcement. */
async function announcementForAdmin(db: Db, tenantId: string, id: string): Promise<Announcement | undefined> {
  const row = await liveAnnouncements(db, tenantId)
    .where('a.id', '=', id)
    .select(announcementColumns)
    .executeTakeFirst();
  if (!row) return undefined;
  const copies =
    row.msgType === 'USER'
      ? await db
          .selectFrom('sys_announcement_send')
          .select('user_id')
          .where('tenant_id', '=', tenantId)
          .where('annt_id', '=', id)
          .orderBy('created_at')
          .orderBy('user_id')
          .execute()
      : [];
  return { ...withLabels(row), userIds: copies.map((copy) => `${copy.user_id},`).join('') };
}

interface CleanInput {
  values: {
    titile: string;
    msg_content: string;
    msg_abstract: string | null;
    start_time: Date | null;
    end_time: Date | null;
    priority: AnnouncementPriority;
    msg_category: AnnouncementCategory;
    msg_type: AnnouncementTarget;
    bus_type: string | null;
    bus_id: string | null;
    open_type: string | null;
    open_page: string | null;
  };
  userIds: string[];
}

/** Cleans and checks a body: markup stripped, dates in order, chosen users of the actor's tenant. */
async function cleanInput(db: Db, actor: Actor, input: AnnouncementInput): Promise<CleanInput> {
  const titile = sanitizeText(input.titile);
  if (!titile) throw new BusinessError(400, ANNOUNCEMENT_MESSAGES.emptyTitle);
  const startTime = shanghaiTime(input.startTime);
  const endTime = shanghaiTime(input.endTime);
  if (startTime && endTime && endTime < startTime) {
    throw new BusinessError(400, ANNOUNCEMENT_MESSAGES.endBeforeStart);
  }
  const userIds = input.msgType === 'USER' ? splitIds(input.userIds) : [];
  if (input.msgType === 'USER') {
    if (userIds.length === 0) throw new BusinessError(400, ANNOUNCEMENT_MESSAGES.noTargetUsers);
    const { found } = await db
      .selectFrom('users')
      .select(sql<number>`count(*)::integer`.as('found'))
      .where('tenant_id', '=', actor.tenantId)
      .where('del_flag', '=', 0)
      .where('id', 'in', userIds)
      .executeTakeFirstOrThrow();
    if (found !== userIds.length) throw new BusinessError(400, ANNOUNCEMENT_MESSAGES.unknownUsers);
  }
  const abstract = input.msgAbstract ? sanitizeText(input.msgAbstract) : '';
  return {
    values: {
      titile,
      msg_content: sanitizeContent(input.msgContent ?? ''),
      msg_abstract: abstract || null,
      start_time: startTime,
      end_time: endTime,
      priority: input.priority,
      msg_category: input.msgCategory,
      msg_type: input.msgType,
      bus_type: input.busType ?? null,
      bus_id: input.busId ?? null,
      open_type: input.openType ?? null,
      open_page: input.openPage ?? null,
    },
    userIds,
  };
}

/** Gives exactly these users a copy: copies of users no longer chosen go, the others keep their read state. */
async function setCopies(db: Db, actor: Actor, anntId: string, userIds: string[]): Promise<void> {
  let stale = db
    .deleteFrom('sys_announcement_send')
    .where('tenant_id', '=', actor.tenantId)
    .where('annt_id', '=', anntId);
  if (userIds.length > 0) stale = stale.where('user_id', 'not in', userIds);
  await stale.execute();
  if (userIds.length === 0) return;
  await db
    .insertInto('sys_announcement_send')
    .values(
      userIds.map((userId) => ({
        tenant_id: actor.tenantId,
        id: newId(),
        annt_id: anntId,
        user_id: userId,
        create_by: actor.username,
      })),
    )
    .onConflict((conflict) => conflict.constraint('sys_announcement_send_user_annt_key').doNothing())
    .execute();
}

/** Saves a draft; returns its id and its title as saved. */
export async function addAnnouncement(
  db: Db,
  actor: Actor,
  input: AnnouncementInput,
): Promise<{ id: string; titile: string }> {
  const { values, userIds } = await cleanInput(db, actor, input);
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sys_announcement')
      .values({ ...values, tenant_id: actor.tenantId, id, create_by: actor.username })
      .execute();
    await setCopies(trx, actor, id, userIds);
  });
  return { id, titile: values.titile };
}

/** Changes a draft or a revoked announcement; a released one must be revoked first. Returns its title. */
export async function editAnnouncement(
  db: Db,
  actor: Actor,
  id: string,
  input: AnnouncementInput,
): Promise<string> {
  const { values, userIds } = await cleanInput(db, actor, input);
  await db.transaction().execute(async (trx) => {
    const current = await liveAnnouncements(trx, actor.tenantId)
      .where('a.id', '=', id)
      .select('a.send_status')
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw new BusinessError(400, ANNOUNCEMENT_MESSAGES.notFound);
    if (current.send_status === '1') throw new BusinessError(409, ANNOUNCEMENT_MESSAGES.editReleased);
    await trx
      .updateTable('sys_announcement')
      .set({ ...values, update_by: actor.username, updated_at: new Date() })
      .where('tenant_id', '=', actor.tenantId)
      .where('id', '=', id)
      .execute();
    await setCopies(trx, actor, id, userIds);
  });
  return values.titile;
}

/** Deletes (logically) the tenant's announcements among `ids`; returns the titles of those deleted, in the order of `ids`. */
export async function deleteAnnouncements(db: Db, actor: Actor, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const deleted = await db
    .updateTable('sys_announcement')
    .set({ del_flag: 1, update_by: actor.username, updated_at: new Date() })
    .where('tenant_id', '=', actor.tenantId)
    .where('id', 'in', ids)
    .where('del_flag', '=', 0)
    .returning(['id', 'titile'])
    .execute();
  const titles = new Map(deleted.map((row) => [row.id, row.titile]));
  return ids.flatMap((id) => titles.get(id) ?? []);
}

export interface Release {
  titile: string;
  target: PushTarget;
  frame: PushFrame;
}

/** Releases a draft or a revoked announcement: now, by the actor; says whom to push it to. */
export async function releaseAnnouncement(db: Db, actor: Actor, id: string): Promise<Release> {
  return db.transaction().execute(async (trx) => {
    const current = await liveAnnouncements(trx, actor.tenantId)
      .where('a.id', '=', id)
      .select(['a.send_status', 'a.msg_type', 'a.titile'])
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw new BusinessError(400, ANNOUNCEMENT_MESSAGES.notFound);
    if (current.send_status === '1') throw new BusinessError(409, ANNOUNCEMENT_MESSAGES.alreadyReleased);
    await trx
      .updateTable('sys_announcement')
      .set({
        send_status: '1',
        send_time: sql<Date>`now()`,
        sender: actor.username,
        cancel_time: null,
        update_by: actor.username,
        updated_at: new Date(),
      })
      .where('tenant_id', '=', actor.tenantId)
      .where('id', '=', id)
      .execute();
    const frame: PushFrame = {
      cmd: current.msg_type === 'ALL' ? 'topic' : 'user',
      msgId: id,
      msgTxt: current.titile,
    };
    if (current.msg_type === 'ALL') {
      return { titile: current.titile, target: { tenantId: actor.tenantId, userIds: null }, frame };
    }
    const copies = await trx
      .selectFrom('sys_announcement_send')
      .select('user_id')
      .where('tenant_id', '=', actor.tenantId)
      .where('annt_id', '=', id)
      .execute();
    const userIds = copies.map((copy) => copy.user_id);
    return { titile: current.titile, target: { tenantId: actor.tenantId, userIds }, frame };
  });
}

/** Withdraws a released announcement; returns its title. */
export async function revokeAnnouncement(db: Db, actor: Actor, id: string): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const current = await liveAnnouncements(trx, actor.tenantId)
      .where('a.id', '=', id)
      .select(['a.send_status', 'a.titile'])
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw new BusinessError(400, ANNOUNCEMENT_MESSAGES.notFound);
    if (current.send_status !== '1') throw new BusinessError(409, ANNOUNCEMENT_MESSAGES.revokeUnreleased);
    await trx
      .updateTable('sys_announcement')
      .set({
        send_status: '2',
        cancel_time: sql<Date>`now()`,
        update_by: actor.username,
        updated_at: new Date(),
      })
      .where('tenant_id', '=', actor.tenantId)
      .where('id', '=', id)
      .execute();
    return current.titile;
  });
}

export interface TargetUserQuery {
  pageNo: number;
  pageSize: number;
  /** Contained in the user name or the real name. */
  keyword?: string;
  /** Exactly these users (to show the names of those already chosen). */
  ids?: string;
}

/** The tenant's users an announcement can target. */
export async function targetUsers(
  db: Db,
  tenantId: string,
  query: TargetUserQuery,
): Promise<Page<TargetUser>> {
  let users = db.selectFrom('users').where('tenant_id', '=', tenantId).where('del_flag', '=', 0);
  const ids = splitIds(query.ids);
  if (ids.length > 0) users = users.where('id', 'in', ids);
  if (query.keyword) {
    const pattern = containsPattern(query.keyword);
    users = users.where((eb) => eb.or([eb('username', 'ilike', pattern), eb('realname', 'ilike', pattern)]));
  }
  const { total } = await users.select(sql<number>`count(*)::integer`.as('total')).executeTakeFirstOrThrow();
  const records = await users
    .select(['id', 'username', 'realname'])
    .orderBy('realname')
    .orderBy('username')
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize)
    .execute();
  return pageOf(records, total, query);
}

// ————— The user's side —————

/**
 * Hands the actor a copy of every released ALL announcement they have not got yet, unless it ended before
 * the user existed (API.md §4.3 listByUser, step 1). Idempotent; safe when two requests race.
 */
async function receiveBroadcasts(db: Db, actor: Actor): Promise<void> {
  await sql`
    insert into sys_announcement_send (tenant_id, id, annt_id, user_id, create_by)
    select a.tenant_id, replace(gen_random_uuid()::text, '-', ''), a.id, u.id, ${actor.username}
    from sys_announcement a
    join users u on u.id = ${actor.userId} and u.tenant_id = a.tenant_id
    where a.tenant_id = ${actor.tenantId}
      and a.msg_type = 'ALL' and a.send_status = '1' and a.del_flag = 0
      and (a.end_time is null or a.end_time >= u.created_at)
      and not exists (
        select 1 from sys_announcement_send s
        where s.tenant_id = a.tenant_id and s.annt_id = a.id and s.user_id = u.id
      )
    on conflict do nothing
  `.execute(db);
}

/** The actor's copies of released, live announcements (alias `a` and `s`). */
/** Whose copies are read: an export job knows the user but not their session. */
type Receiver = Pick<Actor, 'tenantId' | 'userId'>;

function receivedAnnouncements(db: Db, actor: Receiver) {
  return db
    .selectFrom('sys_announcement_send as s')
    .innerJoin('sys_announcement as a', (join) =>
      join.onRef('a.tenant_id', '=', 's.tenant_id').onRef('a.id', '=', 's.annt_id'),
    )
    .where('s.tenant_id', '=', actor.tenantId)
    .where('s.user_id', '=', actor.userId)
    .where('a.send_status', '=', '1')
    .where('a.del_flag', '=', 0);
}

async function unreadOfCategory(db: Db, actor: Actor, category: AnnouncementCategory) {
  const unread = receivedAnnouncements(db, actor)
    .where('s.read_flag', '=', 0)
    .where('a.msg_category', '=', category);
  const [{ total }, rows] = await Promise.all([
    unread.select(sql<number>`count(*)::integer`.as('total')).executeTakeFirstOrThrow(),
    unread
      .select(announcementColumns)
      .orderBy('a.send_time', 'desc')
      .orderBy('a.created_at', 'desc')
      .limit(NOTICE_LIST_LIMIT)
      .execute(),
  ]);
  return { list: rows.map(withLabels), total };
}

/** The tables the bell's answer is read from. */
export const BELL_TABLES: TableName[] = ['sys_announcement', 'sys_announcement_send'];

/**
 * The bell: the newest unread notices and system messages, five of each, and how many are unread; its envelope
 * serialised once per user (issue #23: every open tab asks for it) until an announcement or a copy is written.
 * Broadcasts are handed out again only after an announcement was written: their insert counts as a write to the
 * copies even when it adds no row, and would otherwise drop every user's answer at each look.
 */
export async function bellAnswerOf(db: Kysely<DB>, actor: Actor): Promise<SerialisedAnswer> {
  const user = `${actor.tenantId}:${actor.userId}`;
  await cachedAnswer(db, `broadcasts:${user}`, ['sys_announcement'], () => receiveBroadcasts(db, actor));
  return cachedAnswer(db, `bell:${user}`, BELL_TABLES, async () => {
    const annt = await unreadOfCategory(db, actor, '1');
    const sys = await unreadOfCategory(db, actor, '2');
    const lists: UserAnnouncementLists = {
      anntMsgList: annt.list,
      anntMsgTotal: annt.total,
      sysMsgList: sys.list,
      sysMsgTotal: sys.total,
    };
    return serialiseAnswer(lists);
  });
}

/**
 * One announcement: any of the tenant's live ones for an administrator (`manages`), else only one released to
 * the actor. Undefined otherwise, whether it does not exist or is someone else's.
 */
export async function announcementById(
  db: Db,
  actor: Actor,
  id: string,
  manages: boolean,
): Promise<Announcement | undefined> {
  if (manages) return announcementForAdmin(db, actor.tenantId, id);
  await receiveBroadcasts(db, actor);
  const row = await receivedAnnouncements(db, actor)
    .where('a.id', '=', id)
    .select(announcementColumns)
    .executeTakeFirst();
  return row && withLabels(row);
}

/** Marks the actor's copy of an announcement read; a copy read before keeps its first read time. */
export async function markRead(db: Db, actor: Actor, anntId: string): Promise<void> {
  await receiveBroadcasts(db, actor);
  const copy = await receivedAnnouncements(db, actor)
    .where('a.id', '=', anntId)
    .select(['s.id', 's.read_flag'])
    .executeTakeFirst();
  if (!copy) throw new BusinessError(400, ANNOUNCEMENT_MESSAGES.notFound);
  if (copy.read_flag === 1) return;
  await db
    .updateTable('sys_announcement_send')
    .set({ read_flag: 1, read_time: sql<Date>`now()`, update_by: actor.username, updated_at: new Date() })
    .where('tenant_id', '=', actor.tenantId)
    .where('id', '=', copy.id)
    .execute();
}

/** Marks every unread copy of the actor read; returns how many. */
export async function markAllRead(db: Db, actor: Actor): Promise<number> {
  await receiveBroadcasts(db, actor);
  const updated = await db
    .updateTable('sys_announcement_send as s')
    .set({ read_flag: 1, read_time: sql<Date>`now()`, update_by: actor.username, updated_at: new Date() })
    .where('s.tenant_id', '=', actor.tenantId)
    .where('s.user_id', '=', actor.userId)
    .where('s.read_flag', '=', 0)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('sys_announcement as a')
          .select('a.id')
          .whereRef('a.tenant_id', '=', 's.tenant_id')
          .whereRef('a.id', '=', 's.annt_id')
          .where('a.send_status', '=', '1')
          .where('a.del_flag', '=', 0),
      ),
    )
    .executeTakeFirst();
  return Number(updated.numUpdatedRows);
}

export type MySortableColumn = 'sendTime' | 'priority' | 'readFlag';
export const MY_SORTABLE_COLUMNS: Record<MySortableColumn, string> = {
  sendTime: 'a.send_time',
  priority: 'a.priority',
  readFlag: 's.read_flag',
};

export interface MyAnnouncementQuery {
  pageNo: number;
  pageSize: number;
  column: MySortableColumn;
  order: 'asc' | 'desc';
  readFlag?: ReadFlag;
  msgCategory?: AnnouncementCategory;
  titile?: string;
}

/** The actor's own messages (the /isps/userAnnouncement page), read and unread. */
export async function myAnnouncements(
  db: Db,
  actor: Actor,
  query: MyAnnouncementQuery,
): Promise<Page<AnnouncementSendRow>> {
  await receiveBroadcasts(db, actor);
  return receivedPage(db, actor, query);
}

/** A page of the messages the user has received, as 我的消息 filters them (its list and its export). */
export async function receivedPage(
  db: Db,
  receiver: Receiver,
  query: MyAnnouncementQuery,
): Promise<Page<AnnouncementSendRow>> {
  let mine = receivedAnnouncements(db, receiver);
  if (query.readFlag) mine = mine.where('s.read_flag', '=', query.readFlag === '1' ? 1 : 0);
  if (query.msgCategory) mine = mine.where('a.msg_category', '=', query.msgCategory);
  if (query.titile) mine = mine.where(textFilter('a.titile', query.titile));
  const { total } = await mine.select(sql<number>`count(*)::integer`.as('total')).executeTakeFirstOrThrow();
  const rows = await mine
    .select((eb) => [
      eb.ref('s.id').as('id'),
      eb.ref('s.annt_id').as('anntId'),
      eb.ref('s.user_id').as('userId'),
      eb.ref('a.titile').as('titile'),
      eb.ref('a.msg_content').as('msgContent'),
      eb.ref('a.msg_abstract').as('msgAbstract'),
      eb.ref('a.sender').as('sender'),
      eb.ref('a.priority').as('priority'),
      eb.ref('a.msg_category').as('msgCategory'),
      sql<ReadFlag>`s.read_flag::text`.as('readFlag'),
      shanghaiDateTime<string | null>('a.send_time').as('sendTime'),
      shanghaiDateTime<string | null>('s.read_time').as('readTime'),
      eb.ref('a.bus_type').as('busType'),
      eb.ref('a.bus_id').as('busId'),
      eb.ref('a.open_type').as('openType'),
      eb.ref('a.open_page').as('openPage'),
    ])
    .orderBy(sql.ref(MY_SORTABLE_COLUMNS[query.column]), (ob) =>
      (query.order === 'asc' ? ob.asc() : ob.desc()).nullsLast(),
    )
    .orderBy('s.id', 'desc')
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize)
    .execute();
  const records = rows.map((row): AnnouncementSendRow => ({
    ...row,
    priority_dictText: PRIORITY_LABELS[row.priority],
    msgCategory_dictText: CATEGORY_LABELS[row.msgCategory],
    readFlag_dictText: READ_FLAG_LABELS[row.readFlag],
  }));
  return pageOf(records, total, query);
}
