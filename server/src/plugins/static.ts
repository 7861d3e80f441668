import { existsSync, lstatSync, readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendNotFound } from '../http/errors.ts';

/** Where `npm run build` puts the web app: dist/web of the repository. */
const BUILT_WEB_APP = fileURLToPath(new URL('../../../dist/web', import.meta.url));
const INDEX_CACHE = 'no-cache';
const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
const ASSET_PATH = /^\/assets\/([\w.-]+)$/;
/** A screen's path: its page (web/screen-pages) is `screens/<name>.html` when the build has one. */
const SCREEN_PATH = /^\/([a-z-]+)\/?$/;

/**
 * The page for a path: the screen's own (index.html that also asks for the screen's chunks, so
 * they come with the entry), or index.html for Home and any path that is not a screen's.
 */
function pageFor(buildFolder: string, pathName: string): string {
  const screen = SCREEN_PATH.exec(pathName)?.[1];
  const screenPage = screen && `screens/${screen}.html`;
  return screenPage && existsSync(path.join(buildFolder, screenPage)) ? screenPage : 'index.html';
}

/**
 * The build folder holding a hashed asset: the live one first (its files are newer than the routes
 * this process made at start), then the builds `npm run build` keeps beside it for pages loaded
 * before a switch.
 */
function folderWithAsset(webRoot: string, name: string): string | undefined {
  const live = realpathSync(webRoot);
  const kept = lstatSync(webRoot).isSymbolicLink()
    ? readdirSync(path.dirname(live))
        .filter((entry) => /^web-/.test(entry))
        .map((entry) => path.join(path.dirname(live), entry))
    : [];
  return [live, ...kept].find((folder) => existsSync(path.join(folder, 'assets', name)));
}

/**
 * Serves the built web app: hashed assets cached for a year, pages never, and any other non-API GET
 * answered with index.html, or a screen's own page, so the router can take it (SPA fallback).
 * Every file goes out in the brotli or gzip copy the build made beside it (scripts/precompress.ts)
 * when the browser takes one, with `Content-Encoding` and `Vary: Accept-Encoding`.
 */
export async function registerWebApp(app: FastifyInstance, webRoot = BUILT_WEB_APP) {
  if (!existsSync(path.join(webRoot, 'index.html'))) {
    app.log.warn({ webRoot }, 'web app is not built; run `npm run build` to serve it');
    app.setNotFoundHandler(sendNotFound);
    return;
  }
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Pages only through the fallback below, which reads them from one build (see there).
    allowedPath: (pathName) => pathName !== '/index.html' && !pathName.startsWith('/screens/'),
    setHeaders: (reply, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('Cache-Control', hashed ? HASHED_ASSET_CACHE : INDEX_CACHE);
    },
  });

  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
    const pathName = request.url.split('?')[0] ?? '';
    const asset = wantsPage ? ASSET_PATH.exec(pathName)?.[1] : undefined;
    const assetFolder = asset ? folderWithAsset(webRoot, asset) : undefined;
    if (asset && assetFolder)
      return reply.header('Cache-Control', HASHED_ASSET_CACHE).sendFile(`assets/${asset}`, assetFolder);
    if (!wantsPage || (path.extname(pathName) !== '' && pathName !== '/index.html'))
      return sendNotFound(request, reply);
    // `npm run build` switches webRoot (a link) to a new build at any moment: the page is read from
    // the build the link names now, so its length and its bytes never come from two builds.
    const buildFolder = realpathSync(webRoot);
    return reply.header('Cache-Control', INDEX_CACHE).sendFile(pageFor(buildFolder, pathName), buildFolder);
  });
}
