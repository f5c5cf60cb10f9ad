// The built SPA: files from the static folder, index.html for every other page path (history-mode routing),
// and the 404 envelope for everything else.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendFailure } from './envelope';
import { NOT_FOUND_MESSAGE } from './errors';

export const API_PREFIX = '/api';
export const SOCKET_PREFIX = '/websocket';

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

// webpack names the production build's files by their content (`app.1a2b3c4d.js`, webpack.config.ts): such a
// name never changes its bytes, so browsers may keep it without asking again. Other files (index.html, the
// development build, the favicon) are revalidated on every use.
const CONTENT_NAMED = /\.[0-9a-f]{8}(\.chunk)?\.[a-z0-9]+$/;

function pathnameOf(request: FastifyRequest): string {
  return request.url.split('?', 1)[0];
}

/** A page of the SPA: a GET or HEAD outside the API and the socket, for a path without a file extension. */
function isPageRequest(request: FastifyRequest): boolean {
  const pathname = pathnameOf(request);
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !isUnder(pathname, API_PREFIX) &&
    !isUnder(pathname, SOCKET_PREFIX) &&
    path.posix.extname(pathname) === ''
  );
}

/**
 * Serves `staticDir` when it exists, and answers unknown paths: pages get index.html when the SPA is
 * built, anything else (an unknown API path, a missing asset) the 404 envelope.
 */
export function registerSite(app: FastifyInstance, staticDir: string): void {
  const hasIndex = fs.existsSync(path.join(staticDir, 'index.html'));
  if (fs.existsSync(staticDir)) {
    app.register(fastifyStatic, {
      root: staticDir,
      dotfiles: 'ignore',
      // @fastify/static's own header would overwrite the one set here.
      cacheControl: false,
      setHeaders: (response, filePath) => {
        response.setHeader(
          'cache-control',
          CONTENT_NAMED.test(filePath) ? 'public, max-age=31536000, immutable' : 'public, max-age=0',
        );
      },
      // The API and the socket never come from disk, whatever the folder holds.
      allowedPath: (pathname) => !isUnder(pathname, API_PREFIX) && !isUnder(pathname, SOCKET_PREFIX),
    });
  } else {
    app.log.warn({ staticDir }, 'no built SPA found: run `npm run build` to serve the pages');
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (hasIndex && isPageRequest(request)) {
      // The page shell must be revalidated so a new deployment's asset names are picked up.
      return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
    }
    return sendFailure(reply, 404, NOT_FOUND_MESSAGE);
  });
}
