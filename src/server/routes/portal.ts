import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '@contract/cookies';
import { FIRST_HEADING_CLASS, firstHeading } from '@common/firstScreen';
import { joinPath } from '@common/menuPath';
import type { FirstAnswers } from '@contract/portalConfig';
import type { Services } from '../http/context';
import { may } from '@contract/roles';
import { rightOf } from '../http/audited';
import { scriptNonce } from '../http/csp';
import { translator } from '../messages/catalogue';
import { requestLocale } from '../http/locale';
import { hideMenuOf, loginInfoOf } from '../services/common';

const CONFIG_MARK = '<!--PORTAL_CONFIG-->';
/** The portal's empty root in index.html, which the page's first heading goes into. */
const ROOT_MARK = '<div id="root"></div>';
/** A value as a script's JSON literal: no `</script>` or `<!--` can close or bend the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const escapeText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** What a company's user needs to see the group renewals the corporate home shows at its top. */
const RENEWALS_RIGHT = rightOf('blocLegal/legalPolicy/groupRenewals') ?? 'read';
/** The portal's home (its router sends the bare base there). */
const HOME_PATH = '/index';

/** dist/pages.json of the build: a page's registry name -> its chunk files beyond the first load. */
type PageFiles = Record<string, string[]>;

function readPageFiles(distDir: string): PageFiles {
  try {
    return JSON.parse(fs.readFileSync(path.join(distDir, 'pages.json'), 'utf8')) as PageFiles;
  } catch {
    return {};
  }
}
/** A file whose name carries its content hash (and its precompressed siblings): cached for good. */
const HASHED = /\.[0-9a-f]{8,}\.(js|css|png|jpg|svg|woff2?)(\.br|\.gz)?$/;

/**
 * Serves the built portal under the router base: the hashed assets of dist/static (brotli or gzip
 * files written beside them by the build, chosen by Accept-Encoding) cached for a year, index.html
 * never cached and carrying the runtime configuration, and every other path under the base answered
 * with index.html so that the portal's router decides (SPA fallback). Missing assets are a real 404.
 * Only dist/static is served: dist/server (the compiled gateway) is not the browser's business.
 */
export async function portalRoutes(app: FastifyInstance, services: Services) {
  const { config } = services;
  const base = config.portal.routerBase;
  const indexFile = path.join(config.distDir, 'index.html');
  const built = fs.existsSync(indexFile);

  if (built) {
    await app.register(fastifyStatic, {
      root: path.join(config.distDir, 'static'),
      prefix: `${base}static/`,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        reply.header(
          'Cache-Control',
          HASHED.test(filePath) ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
      },
    });
  }

  let cached: { mtimeMs: number; html: string; pages: PageFiles } | null = null;
  const template = () => {
    const stat = fs.statSync(indexFile);
    if (!cached || cached.mtimeMs !== stat.mtimeMs)
      cached = {
        mtimeMs: stat.mtimeMs,
        html: fs.readFileSync(indexFile, 'utf8'),
        pages: readPageFiles(config.distDir),
      };
    return cached;
  };

  /**
   * What index.html carries for the page a path shows, by the user's menu (the registry name the
   * build's dist/pages.json lists the chunks of): its chunks, preloaded with index.html instead of
   * after the first load ran; and its heading (@common/firstScreen), painted before any script has
   * run, in the root the portal then renders into.
   */
  const firstScreen = async (
    request: FastifyRequest,
    pages: PageFiles,
  ): Promise<{ preloads: string; heading: string | undefined; answers: FirstAnswers | undefined }> => {
    const user = await services.identity.resolve(request.cookies[SESSION_COOKIE]);
    if (!user) return { preloads: '', heading: undefined, answers: undefined };
    const rest = request.url.slice(base.length).split(/[?#]/)[0].replace(/\/+$/, '');
    const wanted = rest ? `/${rest}` : HOME_PATH;
    const audience = user.legal_flag === 1 ? 'legal' : 'personal';
    const tree = await services.menus.forUser(user);
    const page = tree
      .flatMap((parent) => parent.children.map((child) => ({ path: joinPath(parent.path, child.path), child })))
      .find((entry) => entry.path === wanted)?.child.component;
    const files = (page && pages[page]) || [];
    const locale = requestLocale(request, config.portal.defaultLocale);
    return {
      preloads: files
        .map(
          (file) =>
            `<link rel="preload" as="${file.endsWith('.css') ? 'style' : 'script'}" href="${base}${file}" fetchpriority="low">`,
        )
        .join(''),
      heading: page && firstHeading(page, audience, locale),
      answers: {
        loginInfo: loginInfoOf(user),
        menus: tree,
        hideMenu: hideMenuOf(user),
        ...(audience === 'legal' && page === 'Home' && may(user.role, RENEWALS_RIGHT)
          ? {
              page: {
                groupRenewals: await services.groupRenewals.list(user.customer_id, { locale, t: translator(locale) }),
              },
            }
          : {}),
      },
    };
  };

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Cache-Control', 'no-store');
    if (!built) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The portal has not been built yet: run `npm run build` (or `npm start`).');
    }
    const nonce = scriptNonce(reply.raw);
    const { html: page, pages } = template();
    const { preloads, heading, answers } = await firstScreen(request, pages);
    const script =
      `<script nonce="${nonce}">window.__PORTAL_CONFIG__=${scriptJson(config.portal)}` +
      (answers ? `;window.__FIRST_ANSWERS__=${scriptJson(answers)}` : '') +
      '</script>';
    // Replaced by functions: a `$` in a user's name is not a replacement pattern.
    // The mark says where; a template without it (minified away) gets the script at the end of <head>.
    // The page's preloads go last in <head>: after the first load's scripts, which the browser then
    // asks for first (the frame renders nothing before them).
    const configured = page.includes(CONFIG_MARK)
      ? page.replace(CONFIG_MARK, () => script)
      : page.replace('</head>', () => `${script}</head>`);
    const withPreloads = configured.replace('</head>', () => `${preloads}</head>`);
    const html = heading
      ? withPreloads.replace(
          ROOT_MARK,
          () =>
            `<div id="root"><div class="${FIRST_HEADING_CLASS}-page"><h3 class="${FIRST_HEADING_CLASS}">${escapeText(heading)}</h3></div></div>`,
        )
      : withPreloads;
    return reply.type('text/html; charset=utf-8').send(html);
  };

  app.get('/', async (_request, reply) => reply.redirect(base, 302));
  app.get(base.replace(/\/$/, ''), async (_request, reply) => reply.redirect(base, 302));
  app.get(base, async (request, reply) => sendIndex(request, reply));
  app.get(`${base}*`, async (request, reply) => {
    const rest = request.url.slice(base.length).split('?')[0];
    if (rest.startsWith('static/') || /\.(js|css|map|png|jpg|svg|ico|woff2?)$/.test(rest)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    return sendIndex(request, reply);
  });
}
