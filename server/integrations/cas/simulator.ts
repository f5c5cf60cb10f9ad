// A local stand-in for a CAS server, under /sim/cas outside production when no CAS_SERVER_URL is set: the
// login page (choose a user; a ticket comes back to the service) and serviceValidate (CAS 2.0 and 3.0 paths).
// Tickets are single use, bound to their service and expire after 5 minutes, as CAS's are.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  acceptFormPosts,
  escapeHtml,
  hiddenFields,
  PUBLIC,
  simulatorPage,
  withQuery,
} from '../simulatorPages';

export const CAS_SIMULATOR_PREFIX = '/sim/cas';
const TICKET_MS = 5 * 60 * 1000;

/** The directory of the simulated CAS: demo accounts of tenant A01, and one nobody has an account for. */
export const SIMULATED_CAS_USERS = ['admin', 'liuyang', 'zhangwei', 'cas_stranger'];

type Query = Record<string, string | undefined>;

function serviceResponse(inner: string): string {
  return `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp">\n${inner}\n</cas:serviceResponse>\n`;
}

export async function casSimulator(app: FastifyInstance): Promise<void> {
  acceptFormPosts(app);
  const tickets = new Map<string, { user: string; service: string; expiresAt: number }>();

  app.get<{ Querystring: Query }>('/login', { config: PUBLIC }, async (request, reply) => {
    const service = request.query.service ?? '';
    reply.type('text/html; charset=utf-8');
    if (!/^https?:\/\//.test(service)) {
      return simulatorPage('统一身份认证', '<h1>统一身份认证</h1><p class="error">service 参数无效</p>');
    }
    const forms = SIMULATED_CAS_USERS.map(
      (user) =>
        `<form method="post" action="${CAS_SIMULATOR_PREFIX}/login">${hiddenFields({ service, username: user })}` +
        `<button type="submit">以 ${escapeHtml(user)} 登录</button></form>`,
    ).join('');
    return simulatorPage(
      '统一身份认证',
      `<h1>统一身份认证（CAS）</h1><p class="hint">登录后返回：${escapeHtml(service)}</p>${forms}`,
    );
  });

  app.post('/login', { config: PUBLIC }, async (request, reply) => {
    const body = request.body as Record<string, string> | undefined;
    const service = body?.service ?? '';
    const user = body?.username ?? '';
    if (!/^https?:\/\//.test(service) || !SIMULATED_CAS_USERS.includes(user)) {
      return reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send(simulatorPage('统一身份认证', '<p class="error">登录失败</p>'));
    }
    const ticket = `ST-${randomBytes(16).toString('hex')}`;
    tickets.set(ticket, { user, service, expiresAt: Date.now() + TICKET_MS });
    return reply.redirect(withQuery(service, { ticket }));
  });

  const validate = async (request: { query: Query }, reply: { type(value: string): unknown }) => {
    reply.type('application/xml; charset=utf-8');
    const { ticket = '', service = '' } = request.query;
    const issued = tickets.get(ticket);
    tickets.delete(ticket);
    if (!ticket || !service) {
      return serviceResponse(
        '  <cas:authenticationFailure code="INVALID_REQUEST">ticket and service are required</cas:authenticationFailure>',
      );
    }
    if (!issued || issued.expiresAt <= Date.now()) {
      return serviceResponse(
        `  <cas:authenticationFailure code="INVALID_TICKET">Ticket ${escapeHtml(ticket)} not recognized</cas:authenticationFailure>`,
      );
    }
    if (issued.service !== service) {
      return serviceResponse(
        `  <cas:authenticationFailure code="INVALID_SERVICE">Ticket was issued for another service</cas:authenticationFailure>`,
      );
    }
    return serviceResponse(
      `  <cas:authenticationSuccess>\n    <cas:user>${escapeHtml(issued.user)}</cas:user>\n  </cas:authenticationSuccess>`,
    );
  };
  app.get<{ Querystring: Query }>('/p3/serviceValidate', { config: PUBLIC }, validate);
  app.get<{ Querystring: Query }>('/serviceValidate', { config: PUBLIC }, validate);
}
