import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { DomainError } from '../../domain/domain-error.ts';
import { ensureBackupSecret } from './backup-secret.ts';
import type { BackupRefusal } from './texts.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The embedded database's snapshot for `npm run backup`: PGlite's data folder belongs to the one
 * process that opened it, so the running server itself takes the snapshot. Only from this machine
 * (the socket's own address, never a forwarded one, nor through a proxy) and only with the key in
 * DATA_DIR.
 */
export const backupRoutes: FastifyPluginAsync<{ dump: () => Promise<Blob>; dataDir: string }> = async (
  app,
  { dump, dataDir },
) => {
  const secret = Buffer.from(ensureBackupSecret(dataDir));
  app.post('/api/internal/backup', { config: { csrf: false } }, async (request, reply) => {
    const given = Buffer.from(String(request.headers['x-backup-secret'] ?? ''));
    // A reverse proxy on this machine (docs/operations.md: Caddy, nginx) connects from loopback too; what it
    // forwards comes from elsewhere, and says so in these headers.
    const forwarded = ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((h) => h in request.headers);
    const fromHere = LOOPBACK.has(request.socket.remoteAddress ?? '') && !forwarded;
    if (!fromHere || given.length !== secret.length || !timingSafeEqual(given, secret)) {
      throw new DomainError<BackupRefusal>('backup_refused');
    }
    const snapshot = Buffer.from(await (await dump()).arrayBuffer());
    request.log.info({ bytes: snapshot.length }, 'backup taken');
    return reply.type('application/gzip').header('cache-control', 'no-store').send(snapshot);
  });
};
