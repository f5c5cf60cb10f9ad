// The job runner (docs/jobs-api.md): every instance polls the jobs table and claims a due job with
// FOR UPDATE SKIP LOCKED, so each job runs on one instance at a time; the claim is a lease the runner renews
// while the job runs, and a job whose lease ran out (its instance was killed) is claimed again by whichever
// instance polls next. Row claims are done here rather than by a queue library: the ones that run on PostgreSQL
// (pg-boss, graphile-worker) need LISTEN/NOTIFY, advisory locks or several connections, which the embedded
// single-connection PGlite does not give them.
//
// A failed attempt is retried after a backoff (BusinessError fails at once: it is the input, not the moment);
// a cancelled job stops at the next heartbeat; a stopping instance hands its jobs back without counting the
// attempt. Recurring jobs (the ERP sync worker, the auto sign-off, the download cleanup) are one row each,
// shared by the instances, put back in the queue after every run.
import { hostname } from 'node:os';
import { sql, type Kysely, type Selectable } from 'kysely';
import { JOB_TEXTS, jobCategoryOf, type JobProgress } from '../../../common/jobs';
import { newId } from '../../db/ids';
import type { DB, JobsTable, JobStatus } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import type { PushHub } from '../../push';
import type { JobsConfig } from '../../config';

export type ClaimedJob = Selectable<JobsTable>;

export interface JobOutcome {
  result?: Record<string, unknown>;
  file?: { name: string; size: number };
  /** The job ran to its end but did not do what was asked (an import refused for its bad rows): why. Unlike a
   *  thrown error it keeps the result and the file (the error file) and is not retried. */
  failed?: string;
}

export interface JobContext {
  job: ClaimedJob;
  db: Kysely<DB>;
  /** Aborted when the job is cancelled, its lease is lost, or the instance stops. */
  signal: AbortSignal;
  /** Records how far the job is (written and pushed at most twice a second, and at the end). */
  progress(done: number, total?: number): Promise<void>;
}

export type JobHandler = (context: JobContext) => Promise<JobOutcome | void>;

export interface NewJob {
  /** Given when something keyed by the job (an import's upload) is stored before the job is queued. */
  id?: string;
  kind: string;
  title: string;
  tenantId: string;
  /** The user the job is for (their 下载中心); null: the system's (a message to send, nobody waits on it). */
  userId: string | null;
  payload: Record<string, unknown>;
  total?: number;
  maxAttempts?: number;
}

/**
 * Writes a queued job. Inside a transaction it is an outbox: the job exists (and an instance may claim it)
 * only once the transaction commits, and not at all if it rolls back.
 */
export async function insertJob(db: Kysely<DB>, job: NewJob): Promise<string> {
  const id = job.id ?? newId();
  await db
    .insertInto('jobs')
    .values({
      id,
      tenant_id: job.tenantId,
      user_id: job.userId,
      kind: job.kind,
      title: job.title,
      payload: JSON.stringify(job.payload),
      progress_total: job.total ?? null,
      max_attempts: job.maxAttempts ?? 3,
      every_ms: null,
    })
    .execute();
  return id;
}

/** Why a running job's signal was aborted. */
type StopReason = 'cancelled' | 'lease lost' | 'stopping';

const PROGRESS_WRITE_MS = 500;

export class JobRunner {
  readonly instanceId = `${hostname()}:${process.pid}:${newId().slice(0, 8)}`;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly recurring: Array<{ kind: string; title: string; everyMs: number }> = [];
  private readonly running = new Map<string, Promise<void>>();
  private readonly controllers = new Map<string, AbortController>();
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;
  private stopped = true;

  constructor(
    private readonly db: Kysely<DB>,
    readonly config: JobsConfig,
    private readonly push: PushHub | undefined,
    private readonly log: { warn(object: unknown, message: string): void },
  ) {}

  /** The handler of a kind of job; an instance claims only the kinds it has handlers for. */
  handle(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /** A system job run every `everyMs` by one of the instances at a time. */
  every(kind: string, title: string, everyMs: number, handler: JobHandler): void {
    this.handle(kind, handler);
    this.recurring.push({ kind, title, everyMs });
  }

  async enqueue(job: NewJob): Promise<string> {
    const id = await insertJob(this.db, job);
    this.wake();
    return id;
  }

  async start(): Promise<void> {
    this.stopped = false;
    for (const { kind, title, everyMs } of this.recurring) {
      // One row per recurring job for all instances; the last instance started sets its interval.
      await this.db
        .insertInto('jobs')
        .values({ id: newId(), kind, title, every_ms: everyMs, payload: '{}', max_attempts: 1 })
        .onConflict((conflict) =>
          conflict.column('kind').where('every_ms', 'is not', null).doUpdateSet({ every_ms: everyMs, title }),
        )
        .execute();
    }
    this.schedule(0);
  }

  /** Stops claiming, hands the running jobs back to the queue and waits for them to let go. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.polling;
    for (const controller of this.controllers.values()) controller.abort('stopping' satisfies StopReason);
    await Promise.allSettled(this.running.values());
  }

  /** Stops a job this instance runs at once (the heartbeat would notice the request within a third of a lease). */
  abortLocally(jobId: string): void {
    this.controllers.get(jobId)?.abort('cancelled' satisfies StopReason);
  }

  /** Looks for work now (after an enqueue on this instance) instead of at the next poll. */
  wake(): void {
    if (!this.stopped && !this.polling) this.schedule(0);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.polling = this.poll().finally(() => {
        this.polling = undefined;
        if (!this.stopped) this.schedule(this.config.pollIntervalMs);
      });
    }, delayMs);
    this.timer.unref();
  }

  private async poll(): Promise<void> {
    try {
      while (!this.stopped && this.running.size < this.config.concurrency) {
        const job = await this.claim();
        if (!job) return;
        const run = this.run(job).finally(() => {
          this.running.delete(job.id);
          this.wake();
        });
        this.running.set(job.id, run);
      }
    } catch (error) {
      this.log.warn({ err: error }, 'job runner: claiming failed');
    }
  }

  /** Claims one due job: queued and due, or running with an expired lease (its instance died). */
  async claim(): Promise<ClaimedJob | undefined> {
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return undefined;
    const due = this.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', 'in', kinds)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'QUEUED'), eb('run_at', '<=', sql<Date>`now()`)]),
          eb.and([eb('status', '=', 'RUNNING'), eb('locked_until', '<', sql<Date>`now()`)]),
        ]),
      )
      .orderBy('run_at')
      .limit(1)
      .forUpdate()
      .skipLocked();
    return this.db
      .updateTable('jobs')
      .set({
        status: 'RUNNING',
        locked_by: this.instanceId,
        locked_until: sql<Date>`now() + make_interval(secs => ${this.config.leaseMs / 1000})`,
        attempts: sql<number>`attempts + 1`,
        started_at: sql<Date>`now()`,
        error: null,
      })
      .where('id', 'in', due)
      .returningAll()
      .executeTakeFirst();
  }

  private async run(job: ClaimedJob): Promise<void> {
    const controller = new AbortController();
    this.controllers.set(job.id, controller);
    const heartbeat = setInterval(() => void this.renew(job, controller), this.config.leaseMs / 3);
    heartbeat.unref();
    let progress = { done: job.progress_done, total: job.progress_total, writtenAt: 0 };
    const context: JobContext = {
      job,
      db: this.db,
      signal: controller.signal,
      progress: async (done, total) => {
        progress = { ...progress, done, total: total ?? progress.total };
        const now = Date.now();
        if (now - progress.writtenAt < PROGRESS_WRITE_MS) return;
        progress.writtenAt = now;
        await this.mine(job).set({ progress_done: done, progress_total: progress.total }).execute();
        await this.announce(job, 'RUNNING', progress);
      },
    };
    try {
      await this.announce(job, 'RUNNING', progress);
      if (job.every_ms === null && job.attempts > job.max_attempts) {
        // Taken back from dead instances more often than it may be tried.
        throw new BusinessError(500, JOB_TEXTS.interrupted);
      }
      const handler = this.handlers.get(job.kind)!;
      const outcome = (await handler(context)) ?? {};
      controller.signal.throwIfAborted();
      await this.settle(
        job,
        outcome.failed === undefined ? 'SUCCEEDED' : 'FAILED',
        { done: progress.total ?? progress.done, total: progress.total },
        {
          error: outcome.failed ?? null,
          result: outcome.result ? JSON.stringify(outcome.result) : null,
          file_name: outcome.file?.name ?? null,
          file_size: outcome.file?.size ?? null,
          expires_at: outcome.file
            ? sql<Date>`now() + make_interval(days => ${this.config.retentionDays})`
            : null,
        },
      );
    } catch (error) {
      await this.fail(job, controller.signal, error, progress).catch((settling: unknown) =>
        this.log.warn({ err: settling, jobId: job.id }, 'job runner: settling a failed job failed'),
      );
    } finally {
      clearInterval(heartbeat);
      this.controllers.delete(job.id);
    }
  }

  private async fail(
    job: ClaimedJob,
    signal: AbortSignal,
    error: unknown,
    progress: { done: number; total: number | null },
  ): Promise<void> {
    const reason = signal.aborted ? (signal.reason as StopReason) : undefined;
    if (reason === 'lease lost') return; // another instance has the job now
    if (reason === 'stopping') {
      // Not the job's fault: handed back as it was, the attempt not counted.
      await this.mine(job)
        .set({ status: 'QUEUED', attempts: sql<number>`attempts - 1`, locked_by: null, locked_until: null })
        .execute();
      return;
    }
    if (reason === 'cancelled') {
      await this.settle(job, 'CANCELLED', progress, { error: JOB_TEXTS.cancelled });
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    this.log.warn({ err: error, jobId: job.id, kind: job.kind }, 'job failed');
    const final = error instanceof BusinessError || job.attempts >= job.max_attempts;
    if (job.every_ms === null && !final) {
      const delayMs = this.config.retryBaseMs * 4 ** (job.attempts - 1);
      await this.mine(job)
        .set({
          status: 'QUEUED',
          error: message,
          locked_by: null,
          locked_until: null,
          run_at: sql<Date>`now() + make_interval(secs => ${delayMs / 1000})`,
        })
        .execute();
      await this.announce(job, 'QUEUED', progress);
      return;
    }
    await this.settle(job, 'FAILED', progress, { error: message.slice(0, 500) });
  }

  /** Ends a run: a one-off job keeps its final state; a recurring one is queued for its next run. */
  private async settle(
    job: ClaimedJob,
    status: JobStatus,
    progress: { done: number; total: number | null },
    fields: Partial<{
      result: string | null;
      error: string | null;
      file_name: string | null;
      file_size: number | null;
      expires_at: ReturnType<typeof sql<Date>> | null;
    }>,
  ): Promise<void> {
    const ended = {
      ...fields,
      progress_done: progress.done,
      progress_total: progress.total,
      locked_by: null,
      locked_until: null,
      finished_at: sql<Date>`now()`,
    };
    if (job.every_ms !== null) {
      await this.mine(job)
        .set({
          ...ended,
          status: 'QUEUED',
          attempts: 0,
          run_at: sql<Date>`now() + make_interval(secs => ${job.every_ms / 1000})`,
        })
        .execute();
      return;
    }
    await this.mine(job)
      .set({ ...ended, status })
      .execute();
    await this.announce(job, status, progress);
  }

  /** An update of the job that takes effect only while this instance holds it. */
  private mine(job: ClaimedJob) {
    return this.db
      .updateTable('jobs')
      .where('id', '=', job.id)
      .where('locked_by', '=', this.instanceId)
      .where('status', '=', 'RUNNING');
  }

  /** Renews the lease; notices a cancel request or a lease another instance took over. */
  private async renew(job: ClaimedJob, controller: AbortController): Promise<void> {
    try {
      const held = await this.mine(job)
        .set({ locked_until: sql<Date>`now() + make_interval(secs => ${this.config.leaseMs / 1000})` })
        .returning('cancel_requested')
        .executeTakeFirst();
      if (!held) controller.abort('lease lost' satisfies StopReason);
      else if (held.cancel_requested) controller.abort('cancelled' satisfies StopReason);
    } catch (error) {
      this.log.warn({ err: error, jobId: job.id }, 'job runner: renewing a lease failed');
    }
  }

  /** Tells the job's owner (a user's job) where it stands. */
  private async announce(
    job: ClaimedJob,
    status: JobStatus,
    progress: { done: number; total: number | null },
  ): Promise<void> {
    if (!this.push || !job.tenant_id || !job.user_id) return;
    const frame: JobProgress = {
      id: job.id,
      category: jobCategoryOf(job.kind),
      title: job.title,
      status,
      done: progress.done,
      total: progress.total,
    };
    await this.push
      .publish(
        { tenantId: job.tenant_id, userIds: [job.user_id] },
        { cmd: 'job', msgTxt: job.title, job: frame },
      )
      .catch((error: unknown) => this.log.warn({ err: error }, 'job runner: push failed'));
  }
}
