import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** In-flight requests get this long to finish after a stop signal; then every socket is cut. */
const GRACE_MS = 8000;

/**
 * A prompt, clean stop. Closing the server stops accepting, and Fastify closes the keep-alive
 * sockets idle between requests; but a socket that is open and has sent no request yet (a
 * browser's preconnect, a client that only connected) would keep the process alive until its
 * timeout. So sockets are tracked with their requests in flight: at the stop, those with none
 * are closed at once, the rest as soon as their last answer is sent, and all after GRACE_MS.
 * Call before listen; returns the stop itself.
 */
export function gracefulStop(app: FastifyInstance, afterClose: () => Promise<void>): () => Promise<void> {
  const inFlight = new Map<Socket, number>();
  let stopping = false;
  app.server.on('connection', (socket: Socket) => {
    if (stopping) return void socket.destroy();
    inFlight.set(socket, 0);
    socket.once('close', () => inFlight.delete(socket));
  });
  app.addHook('onRequest', async (request) => {
    const socket = request.raw.socket;
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
  });
  app.addHook('onResponse', async (request) => {
    const socket = request.raw.socket;
    const left = Math.max(0, (inFlight.get(socket) ?? 1) - 1);
    inFlight.set(socket, left);
    if (stopping && left === 0) socket.end();
  });

  return async () => {
    if (stopping) return;
    stopping = true;
    const cutAll = setTimeout(() => {
      for (const socket of inFlight.keys()) socket.destroy();
    }, GRACE_MS);
    cutAll.unref();
    const closed = app.close();
    for (const [socket, n] of inFlight) if (n === 0) socket.end();
    await closed;
    clearTimeout(cutAll);
    await afterClose();
  };
}
