import { WebSocketServer, type WebSocket } from 'ws';

/**
 * The least a sync server's fan-out needs, as a process of its own: a WebSocket server on
 * 127.0.0.1 that relays each binary message to the other sockets of the same room (the URL's
 * path), with no storage, no authentication and no document of its own. It prints its port as
 * `{"port": N}` once listening, and runs until it is killed.
 */
const rooms = new Map<string, Set<WebSocket>>();
const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });

server.on('connection', (socket, request) => {
  const room = request.url ?? '/';
  const members = rooms.get(room) ?? new Set<WebSocket>();
  rooms.set(room, members);
  members.add(socket);
  socket.on('message', (data, isBinary) => {
    for (const other of members) if (other !== socket && other.readyState === other.OPEN) other.send(data, { binary: isBinary });
  });
  socket.on('close', () => members.delete(socket));
});

server.on('listening', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
});
