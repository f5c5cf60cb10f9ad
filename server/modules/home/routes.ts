// The home dashboard's figures under the reference contract's /home prefix (spec §7). Every signed-in user
// has the 首页 menu (the server grants it to a user without it), so any session may ask; the figures are
// of the caller's tenant and data scope. Thin: the service owns the SQL.
import type { FastifyInstance } from 'fastify';
import { HOME_PERIODS, type HomePeriodQuery } from '../../../common/home';
import { ok } from '../../http/envelope';
import { callerOf, requires } from '../shared/actor';
import { homeRankings, homeSummary, homeTrend } from './service';
import { homeVisits } from './visits';

const day = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;

const periodQuerySchema = {
  type: 'object',
  properties: {
    period: { type: 'string', enum: HOME_PERIODS, default: 'month' },
    startDate: day,
    endDate: day,
  },
} as const;

const config = { access: 'authenticated' } as const;
const schema = { querystring: periodQuerySchema };

export async function homeRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  app.get<{ Querystring: HomePeriodQuery }>('/home/summary', { config, schema }, async (request) =>
    ok(await homeSummary(db, callerOf(request), request.query, new Date())),
  );
  app.get<{ Querystring: HomePeriodQuery }>('/home/trend', { config, schema }, async (request) =>
    ok(await homeTrend(db, callerOf(request), request.query, new Date())),
  );
  app.get<{ Querystring: HomePeriodQuery }>('/home/rankings', { config, schema }, async (request) =>
    ok(await homeRankings(db, callerOf(request), request.query, new Date())),
  );
  // 今日拜访 / 异常拜访: only for those who may read the visit records the cards open.
  app.get('/home/visits', { config: requires('visit:list') }, async (request) =>
    ok(await homeVisits(db, callerOf(request), new Date())),
  );
}
