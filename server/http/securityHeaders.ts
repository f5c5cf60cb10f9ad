// Security headers on every answer (API, pages, static files, errors) through @fastify/helmet: a Content
// Security Policy the SPA satisfies, no framing by other sites, no MIME sniffing, no full URLs in Referer.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { Config } from '../config';

/** The settings whose outside parties the pages embed or load. */
export type SecurityHeadersConfig = Pick<Config, 'staticDir'> & Partial<Pick<Config, 'wecom' | 'wechat'>>;

function originOf(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

/**
 * The page /test/home embeds (site-config.json, read by the page at run time): its origin is allowed as a frame
 * and for the reachability probe. Read at start-up, so a change of it needs a restart.
 */
function microFrontendOrigin(staticDir: string): string[] {
  try {
    const siteConfig = JSON.parse(fs.readFileSync(path.join(staticDir, 'site-config.json'), 'utf8')) as {
      microFrontendUrl?: unknown;
    };
    return typeof siteConfig.microFrontendUrl === 'string' ? originOf(siteConfig.microFrontendUrl) : [];
  } catch {
    return [];
  }
}

/** The CSP directives; unconfigured parties are simulated by this server itself ('self'). */
export function contentSecurityDirectives(config: SecurityHeadersConfig): Record<string, string[]> {
  const microFrontend = microFrontendOrigin(config.staticDir);
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'self'"],
    formAction: ["'self'"],
    // The WeChat JS-SDK of the share (WECHAT_JSSDK_URL) is the one foreign script.
    scriptSrc: ["'self'", ...originOf(config.wechat?.jsSdkUrl)],
    scriptSrcAttr: ["'none'"],
    // antd writes its CSS-in-JS as <style> elements at run time, and index.html has the loading spinner's.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // data: the graphic code and QR codes; blob: previews of files being uploaded; https: photo URLs.
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...microFrontend],
    // WeCom's QR login page (WECOM_WEB_URL) in the QR panel, the micro front end on /test/home.
    frameSrc: ["'self'", ...originOf(config.wecom?.webUrl), ...microFrontend],
  };
}

/** The options of @fastify/helmet, registered on the root instance so its hook covers every route. */
export function securityHeaderOptions(config: SecurityHeadersConfig): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(config) },
    // Only this host: the demo domains' other subdomains are not all served over https.
    strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The images of /sys/file are for this site's pages only.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // WeCom's QR page and the micro front end are framed without sending CORP headers.
    crossOriginEmbedderPolicy: false,
  };
}
