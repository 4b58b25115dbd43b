// `npm run sync-server -- [options]`: runs the sync server, or manages who may use it.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { MemberStore } from './memberStore.ts';
import { openSyncDatabase } from './syncDatabase.ts';
import { startSyncServer } from './syncServer.ts';

const USAGE = `Usage: npm run sync-server -- [options]

Run the server:
  --data DIR            where documents and members are kept (default: .sync-data)
  --host HOST           address to listen on (default: 127.0.0.1)
  --port PORT           port to listen on (default: 4455; 0 picks a free one)
  --cert FILE --key FILE   PEM certificate and key: serve wss:// and https://
  --behind-tls-proxy    serve plain ws:// on a non-loopback address, a TLS proxy in front
  --redis URL           share edits with the other instances using this Redis

Manage access (on the same data folder, while the server runs or not):
  --invite NAME [--space SPACE] [--days N]   print a single-use join code for NAME
                        (SPACE: a space's name or id, made when new; default "Studio")
  --members [--space SPACE]   list members
  --revoke MEMBER       revoke a member (by id): its connections are closed at once
  --spaces              list spaces`;

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: '.sync-data' },
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '4455' },
    cert: { type: 'string' },
    key: { type: 'string' },
    'behind-tls-proxy': { type: 'boolean', default: false },
    redis: { type: 'string' },
    invite: { type: 'string' },
    space: { type: 'string' },
    days: { type: 'string', default: '7' },
    members: { type: 'boolean', default: false },
    revoke: { type: 'string' },
    spaces: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

const dataFolder = resolve(values.data);
const isLoopback = (host: string) => host === 'localhost' || host === '::1' || host.startsWith('127.');

function manage(): boolean {
  if (values.invite === undefined && !values.members && values.revoke === undefined && !values.spaces) return false;
  const db = openSyncDatabase(dataFolder);
  const members = new MemberStore(db);
  try {
    if (values.invite !== undefined) {
      const days = Number(values.days);
      if (!(days > 0 && days <= 365)) throw new Error('--days takes a number of days from 1 to 365.');
      const invitation = members.invite(values.space ?? 'Studio', values.invite, days);
      console.log(`Join code for ${invitation.memberName} in "${invitation.space.name}" (space ${invitation.space.id}):`);
      console.log(`  ${invitation.code}`);
      console.log(`It works once, until ${invitation.expiresAt}.`);
    }
    if (values.revoke !== undefined) {
      if (!members.revoke(values.revoke)) throw new Error(`There is no member ${values.revoke} to revoke (see --members).`);
      console.log(`Revoked ${values.revoke}: its connections close within a second, and its token opens nothing any more.`);
    }
    if (values.members) {
      for (const member of members.members(values.space)) {
        const standing = member.revokedAt ? `revoked ${member.revokedAt}` : 'active';
        console.log(`${member.id}  ${member.name}  in "${member.spaceName}"  joined ${member.joinedAt}  ${standing}`);
      }
    }
    if (values.spaces) for (const space of members.spaces()) console.log(`${space.id}  ${space.name}`);
  } finally {
    db.close();
  }
  return true;
}

async function serve(): Promise<void> {
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`--port takes a port number, not "${values.port}".`);
  if ((values.cert === undefined) !== (values.key === undefined)) throw new Error('Give both --cert and --key, or neither.');
  const tls = values.cert && values.key ? { cert: readFileSync(values.cert), key: readFileSync(values.key) } : undefined;
  if (!tls && !isLoopback(values.host) && !values['behind-tls-proxy']) {
    throw new Error(
      `Without --cert and --key, member tokens would cross the network in the clear on ${values.host}. ` +
        'Give a certificate, or put a TLS proxy in front and pass --behind-tls-proxy.',
    );
  }
  const server = await startSyncServer({
    dataFolder,
    host: values.host,
    port,
    ...(tls ? { tls } : {}),
    ...(values.redis ? { redisUrl: values.redis } : {}),
  });
  console.log(`Sync server listening on ${server.url} (data: ${dataFolder})`);
  const stop = () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

try {
  if (values.help) console.log(USAGE);
  else if (!manage()) await serve();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
